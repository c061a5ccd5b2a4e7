package io.basalt.benchmarks.load;

import io.basalt.benchmarks.load.drive.LoadResult;
import io.basalt.benchmarks.load.drive.LoadRun;
import io.basalt.benchmarks.load.requests.Operation;
import io.basalt.benchmarks.load.table.LoadTable;
import io.basalt.benchmarks.load.table.RegionPlace;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;

/**
 * The command line: finds (and with {@code --load} creates and fills) the load table through a stock client, then
 * runs each operation asked for with the lean connections and prints one {@code RESULT} line per run. With
 * {@code --check} every answer is decoded and compared, and the exit status is 1 if any was wrong or failed.
 *
 * <pre>
 * --zookeeper HOST:PORT   the cluster (hbase.zookeeper.quorum and client port)        required
 * --table NAME            the load table (default lean_load)
 * --rows N --regions N    its size and split (default 100000 rows, 4 regions)
 * --load                  create the table if need be and write every row first
 * --operations A,B        get, put, scan100, multiget100, multiput100, increment, checkandput (default get)
 * --connections N         connections to each server (default 4)
 * --in-flight N           calls outstanding on each connection, closed loop (default 8)
 * --rate N                calls a second in all, at a fixed rate, instead of a closed loop
 * --warmup S --seconds S  unmeasured, then measured seconds (default 5 and 10)
 * --check                 decode and check every answer
 * --user NAME             the user the connections name (default the OS user)
 * --server-pids P,Q       server processes on this machine whose CPU per call to report
 * </pre>
 */
public final class LoadGenerator {
  private LoadGenerator() {}

  public static void main(String[] args) throws Exception {
    System.exit(run(args, System.out));
  }

  static int run(String[] args, PrintStream out) throws IOException, InterruptedException {
    Map<String, String> options = options(args);
    String zookeeper = required(options, "zookeeper");
    Configuration conf = HBaseConfiguration.create();
    int colon = zookeeper.lastIndexOf(':');
    conf.set("hbase.zookeeper.quorum", zookeeper.substring(0, colon));
    conf.set("hbase.zookeeper.property.clientPort", zookeeper.substring(colon + 1));
    LoadTable table = new LoadTable(TableName.valueOf(options.getOrDefault("table", "lean_load")),
        Integer.parseInt(options.getOrDefault("rows", "100000")),
        Integer.parseInt(options.getOrDefault("regions", "4")));
    List<RegionPlace> regions;
    try (Connection connection = ConnectionFactory.createConnection(conf)) {
      if (options.containsKey("load")) {
        table.createAndLoad(connection);
      }
      regions = table.places(connection);
    }
    boolean checked = options.containsKey("check");
    boolean allRight = true;
    for (String label : options.getOrDefault("operations", "get").split(",")) {
      LoadRun.Shape shape = new LoadRun.Shape(Operation.named(label),
          Integer.parseInt(options.getOrDefault("connections", "4")),
          Integer.parseInt(options.getOrDefault("in-flight", "8")),
          Double.parseDouble(options.getOrDefault("rate", "0")),
          Duration.ofMillis((long) (1000 * Double.parseDouble(options.getOrDefault("warmup", "5")))),
          Duration.ofMillis((long) (1000 * Double.parseDouble(options.getOrDefault("seconds", "10")))),
          checked, options.getOrDefault("user", System.getProperty("user.name")));
      LoadResult result = LoadRun.run(shape, regions, serverPids(options.get("server-pids")),
          Long.parseLong(options.getOrDefault("seed", "1")));
      out.println(result.line());
      allRight &= result.failed() == 0 && result.wrong() == 0;
    }
    return checked && !allRight ? 1 : 0;
  }

  private static Map<String, String> options(String[] args) {
    Map<String, String> options = new HashMap<>();
    Set<String> flags = Set.of("load", "check");
    for (int i = 0; i < args.length; i++) {
      if (!args[i].startsWith("--")) {
        throw new IllegalArgumentException("not an option: " + args[i]);
      }
      String name = args[i].substring(2);
      if (flags.contains(name)) {
        options.put(name, "true");
      } else if (i + 1 < args.length) {
        options.put(name, args[++i]);
      } else {
        throw new IllegalArgumentException("--" + name + " needs a value");
      }
    }
    return options;
  }

  private static List<Long> serverPids(String list) {
    return list == null ? List.of() : Arrays.stream(list.split(",")).map(Long::valueOf).toList();
  }

  private static String required(Map<String, String> options, String name) {
    String value = options.get(name);
    if (value == null) {
      throw new IllegalArgumentException("--" + name + " is required");
    }
    return value;
  }
}
