package io.basalt.server.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Former HBase property names: read as their current names, the way earlier HBase 2 region servers read them. */
class BasaltConfigTest {
  private static final String LEASE = "hbase.client.scanner.timeout.period";
  private static final String FORMER_LEASE = "hbase.regionserver.lease.period";

  @TempDir
  Path dir;

  @Test
  void theScannerLeaseDefaultsWhenNeitherNameIsSet() throws ConfigException {
    BasaltConfig config = BasaltConfig.of(Map.of());
    assertEquals(60_000, config.positiveLong(Settings.SCANNER_LEASE));
    assertEquals(List.of(), config.warnings());
  }

  @Test
  void theCurrentNameAloneSetsTheLease() throws ConfigException {
    assertEquals(5_000, BasaltConfig.of(Map.of(LEASE, "5000")).positiveLong(Settings.SCANNER_LEASE));
  }

  @Test
  void theFormerNameSetsTheLeaseAndIsReported() throws ConfigException {
    BasaltConfig config = BasaltConfig.of(Map.of(FORMER_LEASE, "120000"));
    assertEquals(120_000, config.positiveLong(Settings.SCANNER_LEASE));
    assertEquals(1, config.warnings().size());
    assertTrue(config.warnings().get(0).contains(FORMER_LEASE + " is deprecated"), config.warnings().get(0));
    assertTrue(config.warnings().get(0).contains(LEASE), config.warnings().get(0));
  }

  @Test
  void theFormerNameWinsOverTheCurrentOneAsInHBase() throws ConfigException {
    // A site file generated from Settings names every current property with its default, so the former name
    // copied in from an old hbase-site.xml must win for it to mean anything.
    BasaltConfig config = BasaltConfig.of(Map.of(LEASE, "60000", FORMER_LEASE, "90000"));
    assertEquals(90_000, config.positiveLong(Settings.SCANNER_LEASE));
  }

  @Test
  void theFormerNameIsReadFromAConfigFileAndCheckedUnderTheCurrentName() throws Exception {
    Path site = dir.resolve("basalt-site.xml");
    Files.writeString(site, """
        <?xml version="1.0"?>
        <configuration>
          <property><name>hbase.client.scanner.timeout.period</name><value>60000</value></property>
          <property><name>hbase.regionserver.lease.period</name><value>30000</value></property>
        </configuration>
        """);
    assertEquals(30_000, CommandLine.parse("--config", site.toString()).config()
        .positiveLong(Settings.SCANNER_LEASE));

    ConfigException bad = assertThrows(ConfigException.class,
        () -> BasaltConfig.of(Map.of(FORMER_LEASE, "soon")).positiveLong(Settings.SCANNER_LEASE));
    assertTrue(bad.getMessage().contains(LEASE), bad.getMessage());
  }
}
