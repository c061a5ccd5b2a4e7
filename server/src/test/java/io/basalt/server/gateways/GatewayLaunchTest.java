package io.basalt.server.gateways;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.server.config.BasaltConfig;
import io.basalt.server.config.ConfigException;
import io.basalt.server.config.Settings;
import java.io.IOException;
import java.io.StringReader;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What Basalt tells the gateways' JVM, from its configuration: which gateways, where, and which settings. */
class GatewayLaunchTest {
  private String classpathBefore;

  @BeforeEach
  void installGateways() {
    classpathBefore = System.getProperty(GatewayLaunch.CLASSPATH_PROPERTY);
    System.setProperty(GatewayLaunch.CLASSPATH_PROPERTY, "/opt/basalt/lib/gateways/*");
  }

  @AfterEach
  void restore() {
    if (classpathBefore == null) {
      System.clearProperty(GatewayLaunch.CLASSPATH_PROPERTY);
    } else {
      System.setProperty(GatewayLaunch.CLASSPATH_PROPERTY, classpathBefore);
    }
  }

  @Test
  void noPortRunsNoGateway() throws ConfigException {
    assertTrue(GatewayLaunch.of(BasaltConfig.of()).isEmpty());
    System.clearProperty(GatewayLaunch.CLASSPATH_PROPERTY);
    assertTrue(GatewayLaunch.of(BasaltConfig.of()).isEmpty(), "without gateways installed Basalt runs as before");
  }

  @Test
  void eachPortRunsItsGatewayWithThisJavaAndTheInstalledJars() throws ConfigException {
    GatewayLaunch both = launch(Map.of(Settings.REST_PORT.key(), "8080", Settings.THRIFT_PORT.key(), "9090"));
    List<String> command = both.command();
    assertEquals(System.getProperty("java.home") + "/bin/java", command.get(0));
    assertEquals(List.of("-cp", "/opt/basalt/lib/gateways/*", GatewayLaunch.MAIN_CLASS, "rest", "thrift2"),
        command.subList(command.size() - 5, command.size()));
    assertTrue(command.contains("-Xmx512m"), command.toString());
    assertTrue(command.contains("java.base/java.lang=ALL-UNNAMED"), "HBase's JDK 17 flags: " + command);

    GatewayLaunch thriftOnly = launch(Map.of(Settings.THRIFT_PORT.key(), "9090",
        Settings.GATEWAY_JVM_OPTIONS.key(), " -Xmx1g  -XX:+UseSerialGC "));
    command = thriftOnly.command();
    assertEquals(List.of(GatewayLaunch.MAIN_CLASS, "thrift2"), command.subList(command.size() - 2, command.size()));
    assertTrue(command.containsAll(List.of("-Xmx1g", "-XX:+UseSerialGC")), command.toString());
    assertFalse(command.contains("-Xmx512m"), command.toString());
  }

  @Test
  void theGatewaysListenWhereBasaltDoesWithTheirWebUisOffUnlessTheirSettingsSayOtherwise() throws Exception {
    Properties defaults = standardInput(launch(Map.of(Settings.REST_PORT.key(), "8080",
        Settings.BIND_ADDRESS.key(), "127.0.0.1")));
    assertEquals("127.0.0.1", defaults.getProperty("hbase.rest.host"));
    assertEquals("127.0.0.1", defaults.getProperty("hbase.regionserver.thrift.ipaddress"));
    assertEquals("-1", defaults.getProperty("hbase.rest.info.port"));
    assertEquals("-1", defaults.getProperty("hbase.thrift.info.port"));
    assertEquals("8080", defaults.getProperty("hbase.rest.port"));

    Properties own = standardInput(launch(Map.of(Settings.REST_PORT.key(), "8080",
        "hbase.rest.host", "10.0.0.5", "hbase.rest.info.port", "8085", "hbase.thrift.info.port", "9095")));
    assertEquals("10.0.0.5", own.getProperty("hbase.rest.host"));
    assertEquals("8085", own.getProperty("hbase.rest.info.port"));
    assertEquals("9095", own.getProperty("hbase.thrift.info.port"));
  }

  @Test
  void theGatewaysGetTheirOwnAndTheirClientsSettingsAndTheRegistryButNoneOfBasaltsOthers() throws Exception {
    Properties passed = standardInput(launch(Map.of(Settings.REST_PORT.key(), "8080",
        "hbase.rest.readonly", "true", "hbase.rest-csrf.browser-useragents-regex", "^Mozilla.*",
        "hbase.regionserver.thrift.framed", "true", "hbase.thrift.maxWorkerThreads", "10",
        "hbase.client.retries.number", "3", Settings.ZNODE_PARENT.key(), "/basalt",
        "hbase.rpc.tls.keystore.password", "secret")));
    assertEquals("true", passed.getProperty("hbase.rest.readonly"));
    assertEquals("^Mozilla.*", passed.getProperty("hbase.rest-csrf.browser-useragents-regex"));
    assertEquals("true", passed.getProperty("hbase.regionserver.thrift.framed"));
    assertEquals("10", passed.getProperty("hbase.thrift.maxWorkerThreads"));
    assertEquals("3", passed.getProperty("hbase.client.retries.number"));
    assertEquals("zk1:2181,zk2:2181", passed.getProperty("hbase.zookeeper.quorum"));
    assertEquals("/basalt", passed.getProperty("zookeeper.znode.parent"));
    assertEquals(null, passed.getProperty("hbase.rpc.tls.keystore.password"));
    assertEquals(null, passed.getProperty(Settings.DATA_DIR.key()));
    assertEquals(null, passed.getProperty(Settings.GATEWAY_JVM_OPTIONS.key()));
  }

  @Test
  void aPortOfZeroOrGatewaysNotInstalledAreRefusedBeforeAnythingStarts() {
    ConfigException zero = assertThrows(ConfigException.class,
        () -> GatewayLaunch.of(BasaltConfig.of(Map.of(Settings.THRIFT_PORT.key(), "0"))));
    assertTrue(zero.getMessage().startsWith("hbase.regionserver.thrift.port must be a port from 1 to 65535"),
        zero.getMessage());
    System.clearProperty(GatewayLaunch.CLASSPATH_PROPERTY);
    ConfigException missing = assertThrows(ConfigException.class,
        () -> GatewayLaunch.of(BasaltConfig.of(Map.of(Settings.REST_PORT.key(), "8080"))));
    assertTrue(missing.getMessage().contains("not installed"), missing.getMessage());
  }

  private static GatewayLaunch launch(Map<String, String> settings) throws ConfigException {
    return GatewayLaunch.of(BasaltConfig.of(settings)).orElseThrow();
  }

  /** What the gateways read: properties text up to the empty line that ends it. */
  private static Properties standardInput(GatewayLaunch launch) throws IOException {
    String text = launch.standardInput("zk1:2181,zk2:2181");
    assertTrue(text.endsWith("\n\n"), "an empty line ends the properties");
    assertEquals(1, text.split("\n\n", -1).length - 1, "and only it is empty");
    Properties properties = new Properties();
    properties.load(new StringReader(text));
    return properties;
  }
}
