package io.basalt.tools.copy;

import static io.basalt.tools.OptionValues.positive;
import static io.basalt.tools.OptionValues.property;
import static io.basalt.tools.OptionValues.tableName;
import static io.basalt.tools.OptionValues.value;

import io.basalt.tools.UsageException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.TableName;

/** What {@code basalt copy} was asked to do, parsed from its command line. */
record CopyOptions(
    String from,
    String to,
    List<TableName> tables,
    List<String> namespaces,
    boolean allTables,
    Map<TableName, TableName> renames,
    Map<String, String> clientProperties,
    Mode mode,
    int parallelism,
    int maxDifferences,
    boolean verbose) {

  enum Mode {
    COPY_AND_VERIFY,
    COPY_ONLY,
    VERIFY_ONLY
  }

  static final String USAGE = String.join("\n",
      "Usage: basalt copy --from CLUSTER --to CLUSTER (--tables T[,T...] | --namespace NS | --all) [options]",
      "Copies tables (schema, region boundaries, every cell version with its timestamp, delete markers included)",
      "from one HBase-compatible cluster to another through the stock HBase client, then compares both sides.",
      "",
      "A CLUSTER is a ZooKeeper quorum, host[:port][,host[:port]...][/znode-parent] (port 2181 and /hbase when",
      "left out), or the path of an hbase-site.xml file.",
      "",
      "Options:",
      "  --tables T[,T...]     tables to copy, as name or namespace:name",
      "  --namespace NS        every table of namespace NS (may be repeated)",
      "  --all                 every user table",
      "  --rename SRC=DST      copy table SRC into table DST on the target (may be repeated)",
      "  --parallelism N       regions copied or compared at once (default 4)",
      "  --no-verify           copy without comparing afterwards",
      "  --verify-only         only compare source and target",
      "  --max-diffs N         differences printed per table (default 20)",
      "  -D key=value          an HBase client property for both clusters (e.g. -D hbase.rpc.timeout=120000)",
      "  --verbose             stack traces with errors, and the client's own log",
      "  --help                this help",
      "",
      "Exit status: 0 copied and equal, 1 failed or differences found, 2 bad usage.");

  /** Parses the arguments after {@code copy}; throws {@link UsageException} for anything it cannot accept. */
  static CopyOptions parse(String... args) throws UsageException {
    String from = null;
    String to = null;
    List<TableName> tables = new ArrayList<>();
    List<String> namespaces = new ArrayList<>();
    boolean all = false;
    Map<TableName, TableName> renames = new LinkedHashMap<>();
    Map<String, String> properties = new LinkedHashMap<>();
    Mode mode = Mode.COPY_AND_VERIFY;
    int parallelism = 4;
    int maxDifferences = 20;
    boolean verbose = false;
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      switch (arg) {
        case "--from" -> from = value(args, ++i, arg);
        case "--to" -> to = value(args, ++i, arg);
        case "--tables" -> {
          for (String name : value(args, ++i, arg).split(",")) {
            if (!name.isBlank()) {
              tables.add(tableName(name.trim()));
            }
          }
        }
        case "--namespace" -> namespaces.add(value(args, ++i, arg));
        case "--all" -> all = true;
        case "--rename" -> {
          String pair = value(args, ++i, arg);
          int equals = pair.indexOf('=');
          if (equals <= 0 || equals == pair.length() - 1) {
            throw new UsageException("--rename takes SOURCE=TARGET, not '" + pair + "'");
          }
          renames.put(tableName(pair.substring(0, equals)), tableName(pair.substring(equals + 1)));
        }
        case "--parallelism" -> parallelism = positive(value(args, ++i, arg), arg);
        case "--max-diffs" -> maxDifferences = positive(value(args, ++i, arg), arg);
        case "--no-verify" -> mode = exclusive(mode, Mode.COPY_ONLY);
        case "--verify-only" -> mode = exclusive(mode, Mode.VERIFY_ONLY);
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
    if (from == null || to == null) {
      throw new UsageException("both --from and --to are needed");
    }
    int selections = (tables.isEmpty() ? 0 : 1) + (namespaces.isEmpty() ? 0 : 1) + (all ? 1 : 0);
    if (selections != 1) {
      throw new UsageException("name the tables with exactly one of --tables, --namespace or --all");
    }
    for (TableName source : renames.keySet()) {
      if (!tables.isEmpty() && !tables.contains(source)) {
        throw new UsageException("--rename names " + source + ", which is not among --tables");
      }
    }
    return new CopyOptions(from, to, List.copyOf(tables), List.copyOf(namespaces), all, Map.copyOf(renames),
        Map.copyOf(properties), mode, parallelism, maxDifferences, verbose);
  }

  /** The name a source table has on the target. */
  TableName targetOf(TableName source) {
    return renames.getOrDefault(source, source);
  }

  private static Mode exclusive(Mode current, Mode wanted) throws UsageException {
    if (current != Mode.COPY_AND_VERIFY && current != wanted) {
      throw new UsageException("--no-verify and --verify-only exclude each other");
    }
    return wanted;
  }
}
