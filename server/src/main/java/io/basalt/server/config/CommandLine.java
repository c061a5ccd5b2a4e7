package io.basalt.server.config;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Parses Basalt's command-line flags into configuration overrides. */
public final class CommandLine {
  public static final String USAGE = String.join("\n",
      "Usage: basalt [start] [options]",
      "Runs Basalt in the foreground until SIGTERM or Ctrl-C.",
      "",
      "Options:",
      "  --data-dir DIR          data directory (default ./data)",
      "  --zookeeper-port N      embedded ZooKeeper client port (default 2181; 0 = any free port)",
      "  --zookeeper-quorum Q    use an external ZooKeeper quorum (host[:port],...) instead of the embedded one",
      "  --node ID               this node's id in --members, from 1 (cluster mode; needs --members)",
      "  --members LIST          every node's HOST:PORT in node-id order, at least 3 (PORT is the Raft port;",
      "                          ZooKeeper's quorum and election ports are PORT+1 and PORT+2)",
      "  --rpc-port N            HBase RPC port (default 16020; 0 = any free port)",
      "  --info-port N           HTTP info port (default 16010; 0 = any free port; -1 = off)",
      "  --rest-port N           run HBase's REST server beside Basalt on this port (default -1 = none)",
      "  --thrift-port N         run HBase's Thrift2 server beside Basalt on this port (default -1 = none)",
      "  --hostname NAME         host name advertised to clients (default: this machine's)",
      "  --config FILE           hbase-site.xml style file with properties (HBase's names where they exist)",
      "  --pid-file FILE         write this process's id to FILE once started; removed again on a clean stop",
      "  --local-cluster N       start N cluster nodes on this machine's loopback as child processes, to try cluster",
      "                          mode: node i in DIR/node-i, its ports the given ones plus i-1; prints each ready line",
      "  --help                  print this help");

  private final Path configFile;
  private final Path pidFile;
  private final Map<String, String> overrides;
  private final boolean help;
  private final int localClusterSize;
  private final List<String> nodeArgs;

  private CommandLine(Path configFile, Path pidFile, Map<String, String> overrides, boolean help,
      int localClusterSize, List<String> nodeArgs) {
    this.configFile = configFile;
    this.pidFile = pidFile;
    this.overrides = overrides;
    this.help = help;
    this.localClusterSize = localClusterSize;
    this.nodeArgs = List.copyOf(nodeArgs);
  }

  public static CommandLine parse(String... args) throws ConfigException {
    Map<String, String> overrides = new HashMap<>();
    Path configFile = null;
    Path pidFile = null;
    boolean help = false;
    int localClusterSize = 0;
    List<String> nodeArgs = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      if (i == 0 && arg.equals("start")) {
        continue;
      }
      String flag = arg;
      String value = null;
      int equals = arg.indexOf('=');
      if (arg.startsWith("--") && equals > 0) {
        flag = arg.substring(0, equals);
        value = arg.substring(equals + 1);
      }
      if (flag.equals("--help") || flag.equals("-h")) {
        help = true;
        continue;
      }
      if (!flag.startsWith("--")) {
        throw new ConfigException("unexpected argument '" + arg + "'");
      }
      if (value == null) {
        if (i + 1 >= args.length) {
          throw new ConfigException(flag + " needs a value");
        }
        value = args[++i];
      }
      if (!flag.equals("--local-cluster") && !flag.equals("--pid-file")) {
        nodeArgs.add(flag);
        nodeArgs.add(value);
      }
      switch (flag) {
        case "--data-dir" -> overrides.put(Settings.DATA_DIR.key(), value);
        case "--zookeeper-port" -> overrides.put(Settings.ZOOKEEPER_PORT.key(), value);
        case "--zookeeper-quorum" -> {
          overrides.put(Settings.ZOOKEEPER_QUORUM.key(), value);
          overrides.put(Settings.ZOOKEEPER_EMBEDDED.key(), "false");
        }
        case "--node" -> overrides.put(Settings.CLUSTER_NODE.key(), value);
        case "--members" -> overrides.put(Settings.CLUSTER_MEMBERS.key(), value);
        case "--rpc-port" -> overrides.put(Settings.RPC_PORT.key(), value);
        case "--info-port" -> overrides.put(Settings.INFO_PORT.key(), value);
        case "--rest-port" -> overrides.put(Settings.REST_PORT.key(), value);
        case "--thrift-port" -> overrides.put(Settings.THRIFT_PORT.key(), value);
        case "--hostname" -> overrides.put(Settings.HOSTNAME.key(), value);
        case "--config" -> configFile = Path.of(value);
        case "--pid-file" -> pidFile = Path.of(value);
        case "--local-cluster" -> localClusterSize = localClusterSize(value);
        default -> throw new ConfigException("unknown option " + flag);
      }
    }
    if (localClusterSize > 0 && (overrides.containsKey(Settings.CLUSTER_NODE.key())
        || overrides.containsKey(Settings.CLUSTER_MEMBERS.key()))) {
      throw new ConfigException("--local-cluster chooses every node's --node and --members itself; give neither");
    }
    return new CommandLine(configFile, pidFile, overrides, help, localClusterSize, nodeArgs);
  }

  private static int localClusterSize(String value) throws ConfigException {
    try {
      int size = Integer.parseInt(value);
      if (size >= 3 && size <= 9) {
        return size;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new ConfigException("--local-cluster takes a number of nodes from 3 to 9, not '" + value + "'");
  }

  /** The number of nodes {@code --local-cluster} asks for, or 0 to run one node (or a cluster member) here. */
  public int localClusterSize() {
    return localClusterSize;
  }

  /** The command line for each node of a local cluster: every flag given but the local cluster's own. */
  public List<String> nodeArgs() {
    return nodeArgs;
  }

  /** Where to write the process id, or null. */
  public Path pidFile() {
    return pidFile;
  }

  public boolean helpRequested() {
    return help;
  }

  /** Defaults, then the config file if one was given, then the flags. */
  public BasaltConfig config() throws ConfigException {
    Map<String, String> fileValues = configFile == null ? Map.of() : SiteFile.read(configFile);
    return BasaltConfig.of(fileValues, overrides);
  }
}
