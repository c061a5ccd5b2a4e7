package io.basalt.tools.snapshot;

import static io.basalt.tools.OptionValues.positive;
import static io.basalt.tools.OptionValues.property;
import static io.basalt.tools.OptionValues.tableName;
import static io.basalt.tools.OptionValues.value;

import io.basalt.tools.UsageException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.util.Bytes;

/** What {@code basalt export-snapshot} was asked to do, parsed from its command line. */
record ExportOptions(
    TableName table,
    Path toDir,
    String snapshot,
    String from,
    int threads,
    Map<String, String> clientProperties,
    boolean verbose) {

  static final String DEFAULT_CLUSTER = "localhost:2181";

  static final String USAGE = String.join("\n",
      "Usage: basalt export-snapshot --table NAME --to-dir DIR [options]",
      "Writes a table of Basalt into DIR as an HBase snapshot, laid out as HBase's ExportSnapshot lays one out:",
      "DIR/.hbase-snapshot/SNAPSHOT/ (description and manifest) and DIR/archive/data/<namespace>/<table>/ (one",
      "HFile per region and family, written with HBase's own writer). The table is read as of one moment: the tool",
      "takes a Basalt snapshot, clones it to a temporary table, reads that through the stock client (every version,",
      "delete markers included) and drops both again, also when it fails. Then, on HBase:",
      "  hbase org.apache.hadoop.hbase.snapshot.ExportSnapshot -snapshot SNAPSHOT -copy-from file://DIR \\",
      "      -copy-to hdfs:///hbase -no-checksum-verify",
      "  hbase shell> clone_snapshot 'SNAPSHOT', 'namespace:table'      (or restore_snapshot 'SNAPSHOT')",
      "",
      "A CLUSTER is Basalt's ZooKeeper, host[:port][,host[:port]...][/znode-parent] (port 2181 and /hbase when",
      "left out), or the path of an hbase-site.xml file.",
      "",
      "Options:",
      "  --snapshot NAME       the exported snapshot's name (default: the table's, namespace-table for a table",
      "                        outside the default namespace); DIR must not hold a snapshot of that name yet",
      "  --from CLUSTER        the Basalt to read (default " + DEFAULT_CLUSTER + ")",
      "  --threads N           regions read and written at once (default 2)",
      "  -D key=value          an HBase property, for the client and the HFile writer",
      "                        (e.g. -D hbase.rpc.timeout=600000 for a table Basalt snapshots slowly)",
      "  --verbose             stack traces with errors, and the client's own log",
      "  --help                this help",
      "",
      "Exit status: 0 exported, 1 failed (nothing of the export is left in DIR or in Basalt), 2 bad usage.");

  /** Parses the arguments after {@code export-snapshot}; throws {@link UsageException} for anything it refuses. */
  static ExportOptions parse(String... args) throws UsageException {
    TableName table = null;
    Path toDir = null;
    String snapshot = null;
    String from = DEFAULT_CLUSTER;
    int threads = 2;
    Map<String, String> properties = new LinkedHashMap<>();
    boolean verbose = false;
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      switch (arg) {
        case "--table" -> table = tableName(value(args, ++i, arg));
        case "--to-dir" -> toDir = Path.of(value(args, ++i, arg));
        case "--snapshot" -> snapshot = snapshotName(value(args, ++i, arg));
        case "--from" -> from = value(args, ++i, arg);
        case "--threads" -> threads = positive(value(args, ++i, arg), arg);
        case "--verbose" -> verbose = true;
        case "-D" -> property(value(args, ++i, arg), properties);
        default -> {
          if (arg.startsWith("-D") && arg.length() > 2) {
            property(arg.substring(2), properties);
          } else {
            throw new UsageException("unknown option " + arg);
          }
        }
      }
    }
    if (table == null) {
      throw new UsageException("--table is needed: the Basalt table to export");
    }
    if (table.isSystemTable()) {
      throw new UsageException(table + " is a system table; HBase snapshots only user tables");
    }
    if (toDir == null) {
      throw new UsageException("--to-dir is needed: the directory to write the snapshot into");
    }
    String name = snapshot != null ? snapshot : defaultSnapshotName(table);
    return new ExportOptions(table, toDir, name, from, threads, Map.copyOf(properties), verbose);
  }

  /** The table's qualifier, led by its namespace and a dash outside the default namespace: a legal snapshot name. */
  static String defaultSnapshotName(TableName table) {
    return Bytes.equals(table.getNamespace(), NamespaceDescriptor.DEFAULT_NAMESPACE_NAME)
        ? table.getQualifierAsString()
        : table.getNamespaceAsString() + "-" + table.getQualifierAsString();
  }

  /** HBase's rule for snapshot names: a table qualifier's characters, not starting with a dot. */
  private static String snapshotName(String name) throws UsageException {
    try {
      TableName.isLegalTableQualifierName(Bytes.toBytes(name), true);
      return name;
    } catch (IllegalArgumentException e) {
      throw new UsageException("'" + name + "' is not a snapshot name: " + e.getMessage());
    }
  }
}
