package io.basalt.server.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A site file means to Basalt what it means to HBase: Hadoop's configuration format, read by Hadoop. */
class SiteFileTest {
  @TempDir
  Path dir;

  @Test
  void referencesToOtherPropertiesAndSystemPropertiesAreExpanded() throws Exception {
    Map<String, String> values = read("""
        <property><name>hbase.tmp.dir</name><value>/var/tmp/hbase-${user.name}</value></property>
        <property><name>hbase.rootdir</name><value>file://${hbase.tmp.dir}/hbase</value></property>
        """);
    String tmp = "/var/tmp/hbase-" + System.getProperty("user.name");
    assertEquals(tmp, values.get("hbase.tmp.dir"));
    assertEquals("file://" + tmp + "/hbase", values.get("hbase.rootdir"));
  }

  @Test
  void aLaterEntryOverridesAnEarlierOneUnlessThatIsFinal() throws Exception {
    Map<String, String> values = read("""
        <property><name>a</name><value>1</value></property>
        <property><name>a</name><value>2</value></property>
        <property><name>b</name><value>1</value><final>true</final></property>
        <property><name>b</name><value>2</value></property>
        """);
    assertEquals("2", values.get("a"));
    assertEquals("1", values.get("b"));
  }

  @Test
  void aMalformedFileIsAConfigErrorNamingTheFile() throws Exception {
    Path file = dir.resolve("broken.xml");
    Files.writeString(file, "<configuration><property><name>a</name>");
    ConfigException error = assertThrows(ConfigException.class, () -> SiteFile.read(file));
    assertTrue(error.getMessage().contains(file.toString()), error.getMessage());
    assertThrows(ConfigException.class, () -> SiteFile.read(dir.resolve("missing.xml")));
  }

  @Test
  void theShippedTemplateReadsAsItsDefaults() throws Exception {
    Map<String, String> values = SiteFile.read(Path.of("..", "conf", "basalt-site.xml"));
    assertEquals("16020", values.get("hbase.regionserver.port"));
  }

  private Map<String, String> read(String properties) throws Exception {
    Path file = dir.resolve("site.xml");
    Files.writeString(file, "<?xml version=\"1.0\"?>\n<configuration>\n" + properties + "</configuration>\n");
    return SiteFile.read(file);
  }
}
