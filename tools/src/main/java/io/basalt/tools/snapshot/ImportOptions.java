package io.basalt.tools.snapshot;

import static io.basalt.tools.OptionValues.positive;
import static io.basalt.tools.OptionValues.property;
import static io.basalt.tools.OptionValues.tableName;
import static io.basalt.tools.OptionValues.value;

import io.basalt.tools.UsageException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.hbase.TableName;

/** What {@code basalt import-snapshot} was asked to do, parsed from its command line. */
record ImportOptions(
    Path snapshotDir,
    String to,
    TableName table,
    int threads,
    Path workDir,
    boolean verify,
    Map<String, String> clientProperties,
    boolean verbose) {

  static final String USAGE = String.join("\n",
      "Usage: basalt import-snapshot --snapshot-dir DIR --to CLUSTER [options]",
      "Creates a table from an HBase snapshot exported with HBase's ExportSnapshot to a local directory: the",
      "snapshot's schema and region boundaries, then every region's HFiles bulk loaded with HBase's own bulk load",
      "tool, then the table's cells counted against the files'. The snapshot's files are read, never changed.",
      "",
      "DIR is the directory ExportSnapshot copied to (holding one snapshot under .hbase-snapshot/), or a snapshot's",
      "own directory in it (DIR/.hbase-snapshot/NAME). The Basalt server reads the files at the same paths: run the",
      "import on the server's machine, or keep DIR on a file system every server mounts at the same place.",
      "A CLUSTER is Basalt's ZooKeeper, host[:port][,host[:port]...][/znode-parent] (port 2181 and /hbase when",
      "left out), or the path of an hbase-site.xml file.",
      "",
      "Options:",
      "  --table NAME          create the table under this name (namespace:name) instead of the snapshot's",
      "  --threads N           regions loaded, and counted, at once (default 2)",
      "  --work-dir DIR        where the halves of split regions' files are written for the load (default the",
      "                        system's temporary directory; the server must be able to read them)",
      "  --no-verify           skip counting the table's cells against the snapshot's files",
      "  -D key=value          an HBase client property (e.g. -D hbase.rpc.timeout=600000)",
      "  --verbose             stack traces with errors, and the client's own log",
      "  --help                this help",
      "",
      "Exit status: 0 imported (and verified), 1 failed or the counts differ, 2 bad usage.");

  /** Parses the arguments after {@code import-snapshot}; throws {@link UsageException} for anything it refuses. */
  static ImportOptions parse(String... args) throws UsageException {
    Path snapshotDir = null;
    String to = null;
    TableName table = null;
    int threads = 2;
    Path workDir = Path.of(System.getProperty("java.io.tmpdir"));
    boolean verify = true;
    Map<String, String> properties = new LinkedHashMap<>();
    boolean verbose = false;
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      switch (arg) {
        case "--snapshot-dir" -> snapshotDir = Path.of(value(args, ++i, arg));
        case "--to" -> to = value(args, ++i, arg);
        case "--table" -> table = tableName(value(args, ++i, arg));
        case "--threads" -> threads = positive(value(args, ++i, arg), arg);
        case "--work-dir" -> workDir = Path.of(value(args, ++i, arg));
        case "--no-verify" -> verify = false;
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
    if (snapshotDir == null) {
      throw new UsageException("--snapshot-dir is needed");
    }
    if (to == null) {
      throw new UsageException("--to is needed: Basalt's ZooKeeper, host:port");
    }
    return new ImportOptions(snapshotDir, to, table, threads, workDir, verify, Map.copyOf(properties), verbose);
  }
}
