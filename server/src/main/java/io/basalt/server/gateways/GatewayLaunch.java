package io.basalt.server.gateways;

import io.basalt.server.config.BasaltConfig;
import io.basalt.server.config.ConfigException;
import io.basalt.server.config.Setting;
import io.basalt.server.config.Settings;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * What the gateways' JVM is told: which of HBase's gateways to run on which ports, how to reach this Basalt, and
 * the settings of the configuration that are theirs. They are an HBase client application like any other, found
 * by the main class {@value #MAIN_CLASS} on the class path that {@code -D}{@value #CLASSPATH_PROPERTY} names
 * (bin/basalt sets it: {@code lib/gateways/*} in the distribution, the gateways module's jar in a source tree).
 */
public final class GatewayLaunch {
  static final String CLASSPATH_PROPERTY = "basalt.gateways.classpath";
  static final String MAIN_CLASS = "io.basalt.gateways.GatewayMain";
  /** Settings handed over as written: the servers' own, and their client's. */
  private static final List<String> PASSED_PREFIXES =
      List.of("hbase.rest.", "hbase.rest-csrf.", "hbase.thrift.", "hbase.regionserver.thrift.", "hbase.client.");
  /** What HBase's own launcher (bin/hbase) gives its JVMs on JDK 11 and later: HBase and Hadoop need them. */
  private static final List<String> HBASE_JVM_FLAGS = List.of(
      "-Dorg.apache.hbase.thirdparty.io.netty.tryReflectionSetAccessible=true", "--add-modules", "jdk.unsupported",
      "--add-opens", "java.base/java.io=ALL-UNNAMED", "--add-opens", "java.base/java.nio=ALL-UNNAMED",
      "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED", "--add-opens", "java.base/java.lang=ALL-UNNAMED",
      "--add-opens", "java.base/jdk.internal.ref=ALL-UNNAMED", "--add-opens", "java.base/java.lang.reflect=ALL-UNNAMED",
      "--add-opens", "java.base/java.util=ALL-UNNAMED", "--add-opens", "java.base/java.util.concurrent=ALL-UNNAMED",
      "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED", "--add-exports", "java.base/sun.net.dns=ALL-UNNAMED",
      "--add-exports", "java.base/sun.net.util=ALL-UNNAMED");

  /** One gateway to run: the launcher's name for it, its port, and the flag and setting that chose the port. */
  record Gateway(String name, String title, int port, String flag, String property) {}

  private final List<Gateway> gateways;
  private final Map<String, String> properties;
  private final List<String> jvmOptions;
  private final String classpath;

  private GatewayLaunch(List<Gateway> gateways, Map<String, String> properties, List<String> jvmOptions,
      String classpath) {
    this.gateways = List.copyOf(gateways);
    this.properties = Map.copyOf(properties);
    this.jvmOptions = List.copyOf(jvmOptions);
    this.classpath = classpath;
  }

  /**
   * The launch the configuration asks for, empty when it sets neither gateway's port. Read with the rest of the
   * configuration, so that a bad value stops Basalt before it opens anything.
   */
  public static Optional<GatewayLaunch> of(BasaltConfig config) throws ConfigException {
    List<Gateway> gateways = new ArrayList<>();
    int restPort = gatewayPort(config, Settings.REST_PORT);
    if (restPort > 0) {
      gateways.add(new Gateway("rest", "REST", restPort, "--rest-port", Settings.REST_PORT.key()));
    }
    int thriftPort = gatewayPort(config, Settings.THRIFT_PORT);
    if (thriftPort > 0) {
      gateways.add(new Gateway("thrift2", "Thrift2", thriftPort, "--thrift-port", Settings.THRIFT_PORT.key()));
    }
    if (gateways.isEmpty()) {
      return Optional.empty();
    }
    String classpath = System.getProperty(CLASSPATH_PROPERTY, "");
    if (classpath.isBlank()) {
      throw new ConfigException("the REST and Thrift2 gateways are not installed here (-D" + CLASSPATH_PROPERTY
          + " names no class path): start Basalt with bin/basalt, which finds them");
    }
    Map<String, String> properties = new LinkedHashMap<>();
    config.properties().forEach((name, value) -> {
      if (!value.isEmpty() && PASSED_PREFIXES.stream().anyMatch(name::startsWith)) {
        properties.put(name, value);
      }
    });
    String bindAddress = config.get(Settings.BIND_ADDRESS);
    // Where the gateways listen unless their own settings say: where Basalt does. Their web UIs stay off unless
    // asked for (HBase turns them on at 8085 and 9095), as nothing else of Basalt's opens a port it was not given.
    properties.putIfAbsent("hbase.rest.host", bindAddress);
    properties.putIfAbsent("hbase.regionserver.thrift.ipaddress", bindAddress);
    properties.putIfAbsent("hbase.rest.info.port", "-1");
    properties.putIfAbsent("hbase.thrift.info.port", "-1");
    properties.put("zookeeper.znode.parent", config.get(Settings.ZNODE_PARENT));
    List<String> jvmOptions = List.of(config.get(Settings.GATEWAY_JVM_OPTIONS).trim().split("\\s+"));
    return Optional.of(new GatewayLaunch(gateways, properties, jvmOptions.get(0).isEmpty() ? List.of() : jvmOptions,
        classpath));
  }

  private static int gatewayPort(BasaltConfig config, Setting setting) throws ConfigException {
    int port = config.port(setting);
    if (port == 0) {
      // HBase's Thrift server does not say which port it was given, so neither gateway takes "any free port".
      throw new ConfigException(setting.key() + " must be a port from 1 to 65535, or -1 for none; the gateways "
          + "cannot pick a free port themselves");
    }
    return port;
  }

  List<Gateway> gateways() {
    return gateways;
  }

  /** The command that starts the gateways' JVM, with this JVM's java. */
  List<String> command() {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(HBASE_JVM_FLAGS);
    command.addAll(jvmOptions);
    command.addAll(List.of("-cp", classpath, MAIN_CLASS));
    gateways.forEach(gateway -> command.add(gateway.name()));
    return command;
  }

  /**
   * The configuration as the gateways read it on their standard input: properties text, then an empty line.
   * {@code zookeeperQuorum} is the connect string ({@code host:port,...}) of the registry Basalt publishes itself in.
   */
  String standardInput(String zookeeperQuorum) {
    Properties text = new Properties();
    text.putAll(properties);
    text.put("hbase.zookeeper.quorum", zookeeperQuorum);
    StringWriter out = new StringWriter();
    try {
      text.store(out, null);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toString().replace("\r\n", "\n") + "\n";
  }
}
