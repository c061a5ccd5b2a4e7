package io.basalt.server.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CommandLineTest {
  @TempDir
  Path dir;

  @Test
  void aPidFileIsOnlyWrittenWhenAsked() throws ConfigException {
    assertEquals(null, CommandLine.parse("start").pidFile());
    assertEquals(Path.of("logs/basalt.pid"), CommandLine.parse("start", "--pid-file", "logs/basalt.pid").pidFile());
    assertEquals(Path.of("x.pid"), CommandLine.parse("--pid-file=x.pid").pidFile());
  }

  @Test
  void aLocalClusterPassesTheOtherFlagsToItsNodes() throws ConfigException {
    CommandLine local = CommandLine.parse("start", "--local-cluster", "3", "--data-dir", "d", "--pid-file", "p",
        "--rpc-port=0");
    assertEquals(3, local.localClusterSize());
    assertEquals(java.util.List.of("--data-dir", "d", "--rpc-port", "0"), local.nodeArgs());
    assertEquals(0, CommandLine.parse("start").localClusterSize());
    ConfigException tooFew = org.junit.jupiter.api.Assertions.assertThrows(ConfigException.class,
        () -> CommandLine.parse("--local-cluster", "2"));
    assertEquals("--local-cluster takes a number of nodes from 3 to 9, not '2'", tooFew.getMessage());
    ConfigException withMembers = org.junit.jupiter.api.Assertions.assertThrows(ConfigException.class,
        () -> CommandLine.parse("--local-cluster", "3", "--node", "1"));
    assertTrue(withMembers.getMessage().startsWith("--local-cluster chooses every node's --node"),
        withMembers.getMessage());
  }

  @Test
  void theGatewayFlagsSetHBasesOwnPortSettingsWhichDefaultToNoGateway() throws ConfigException {
    BasaltConfig none = CommandLine.parse("start").config();
    assertEquals(-1, none.port(Settings.REST_PORT));
    assertEquals(-1, none.port(Settings.THRIFT_PORT));
    BasaltConfig both = CommandLine.parse("start", "--rest-port", "8080", "--thrift-port=9090").config();
    assertEquals("8080", both.get("hbase.rest.port"));
    assertEquals("9090", both.get("hbase.regionserver.thrift.port"));
  }

  @Test
  void defaultsMatchHBasePorts() throws ConfigException {
    BasaltConfig config = CommandLine.parse("start").config();
    assertEquals(2181, config.port(Settings.ZOOKEEPER_PORT));
    assertEquals(16020, config.port(Settings.RPC_PORT));
    assertEquals(16010, config.port(Settings.INFO_PORT));
    assertTrue(config.bool(Settings.ZOOKEEPER_EMBEDDED));
    assertEquals(Path.of("data").toAbsolutePath(), config.dataDir());
  }

  @Test
  void flagsOverrideTheConfigFileWhichOverridesDefaults() throws Exception {
    Path site = dir.resolve("basalt-site.xml");
    Files.writeString(site, """
        <?xml version="1.0"?>
        <configuration>
          <property><name>hbase.regionserver.port</name><value>17000</value></property>
          <property><name>hbase.zookeeper.property.clientPort</name><value>2999</value></property>
          <property><name>hbase.rootdir</name><value>file:///var/lib/basalt</value></property>
        </configuration>
        """);
    BasaltConfig config = CommandLine.parse("--config", site.toString(), "--rpc-port=0").config();
    assertEquals(0, config.port(Settings.RPC_PORT));
    assertEquals(2999, config.port(Settings.ZOOKEEPER_PORT));
    assertEquals(Path.of("/var/lib/basalt"), config.dataDir());
  }

  @Test
  void anExternalQuorumTurnsTheEmbeddedServerOff() throws ConfigException {
    BasaltConfig config = CommandLine.parse("--zookeeper-quorum", "zk1:2181,zk2").config();
    assertFalse(config.bool(Settings.ZOOKEEPER_EMBEDDED));
    assertEquals("zk1:2181,zk2", config.get(Settings.ZOOKEEPER_QUORUM));
  }

  @Test
  void mistakesAreReportedByName() {
    assertTrue(assertThrows(ConfigException.class, () -> CommandLine.parse("--rpc-port"))
        .getMessage().contains("--rpc-port needs a value"));
    assertTrue(assertThrows(ConfigException.class, () -> CommandLine.parse("--nope", "1"))
        .getMessage().contains("unknown option --nope"));
    assertTrue(assertThrows(ConfigException.class, () -> CommandLine.parse("--rpc-port", "http").config()
        .port(Settings.RPC_PORT)).getMessage().contains("hbase.regionserver.port"));
    assertTrue(assertThrows(ConfigException.class, () -> CommandLine.parse("--config", dir.resolve("missing.xml")
        .toString()).config()).getMessage().contains("does not exist"));
    assertTrue(assertThrows(ConfigException.class, () -> CommandLine.parse("--data-dir", "hdfs://nn/hbase")
        .config().dataDir()).getMessage().contains("local path"));
  }
}
