package io.basalt.benchmarks.bulkload;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.util.ToolRunner;

/**
 * The bulk load benchmark's client JVM, one command per run, each printing {@code [bulkload] ...} lines the runner
 * reads (and exiting non-zero on failure):
 *
 * <pre>
 *   write DIR ROWS REGIONS VALUE_BYTES                  the input HFiles ({@link HFileInput})
 *   create ZK TABLE ROWS REGIONS VALUE_BYTES            a fresh pre-split table ({@link PresplitTable})
 *   load ZK DIR TABLE                                   HBase's BulkLoadHFilesTool, timed ({@link TimedBulkLoadTool})
 *   put ZK TABLE ROWS REGIONS VALUE_BYTES THREADS       the same cells by puts ({@link PutLoader})
 *   check ZK TABLE ROWS REGIONS VALUE_BYTES SAMPLES     rows counted and sampled ({@link LoadCheck}), then dropped
 *   snapshot ZK TABLE SNAPSHOT                          a snapshot of the table (on HBase, for the import)
 * </pre>
 *
 * ZK is the server's ZooKeeper as {@code host:port}.
 */
public final class BulkLoadClient {
  private BulkLoadClient() {}

  public static void main(String[] args) throws Exception {
    if (args.length < 2) {
      throw new IllegalArgumentException("usage: write|create|load|put|check|snapshot ...; see the class comment");
    }
    String command = args[0];
    if (command.equals("write")) {
      HFileInput.write(Path.of(args[1]), BenchmarkRows.parse(args, 2));
      return;
    }
    Configuration conf = clientConfiguration(args[1]);
    switch (command) {
      case "load" -> System.exit(load(conf, args[2], args[3]));
      case "snapshot" -> {
        try (Connection connection = ConnectionFactory.createConnection(conf);
            var admin = connection.getAdmin()) {
          long started = System.nanoTime();
          admin.snapshot(args[3], TableName.valueOf(args[2]));
          System.out.printf(Locale.ROOT, "[bulkload] snapshot name=%s millis=%.1f%n", args[3],
              (System.nanoTime() - started) / 1e6);
        }
      }
      case "create", "put", "check" -> {
        TableName table = TableName.valueOf(args[2]);
        BenchmarkRows data = BenchmarkRows.parse(args, 3);
        try (Connection connection = ConnectionFactory.createConnection(conf)) {
          switch (command) {
            case "create" -> PresplitTable.create(connection, table, data);
            case "put" -> PutLoader.load(connection, table, data, Integer.parseInt(args[6]));
            default -> {
              LoadCheck.check(connection, table, data, Integer.parseInt(args[6]));
              try (var admin = connection.getAdmin()) {
                PresplitTable.drop(admin, table);
              }
            }
          }
        }
      }
      default -> throw new IllegalArgumentException("unknown command " + command + " in " + Arrays.toString(args));
    }
  }

  /** A stock client's settings for the server whose ZooKeeper is {@code host:port}; files on the local file system. */
  private static Configuration clientConfiguration(String zookeeper) {
    int colon = zookeeper.lastIndexOf(':');
    Configuration conf = HBaseConfiguration.create();
    conf.set("hbase.zookeeper.quorum", zookeeper.substring(0, colon));
    conf.setInt("hbase.zookeeper.property.clientPort", Integer.parseInt(zookeeper.substring(colon + 1)));
    conf.set("fs.defaultFS", "file:///");
    return conf;
  }

  /** Runs the tool as {@code completebulkload DIR TABLE} does and prints each region call, then the whole. */
  private static int load(Configuration conf, String directory, String table) throws Exception {
    TimedBulkLoadTool tool = new TimedBulkLoadTool(conf);
    int exit = ToolRunner.run(conf, tool, new String[] {directory, table});
    long toolNanos = System.nanoTime() - tool.createdNanos();
    for (TimedBulkLoadTool.RegionCall call : tool.calls()) {
      System.out.printf(Locale.ROOT, "[bulkload] call first=%s files=%d start=%.1f millis=%.1f loaded=%b%n",
          call.firstRow().isEmpty() ? "-" : call.firstRow(), call.files(), call.startNanos() / 1e6,
          call.nanos() / 1e6, call.loaded());
    }
    System.out.printf(Locale.ROOT, "[bulkload] loaded exit=%d calls=%d toolMillis=%.1f%n", exit, tool.calls().size(),
        toolNanos / 1e6);
    return exit;
  }
}
