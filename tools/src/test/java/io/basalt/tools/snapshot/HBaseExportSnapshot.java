package io.basalt.tools.snapshot;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Runs HBase 2.6.4's own {@code ExportSnapshot} (hbase-mapreduce, in Hadoop's local job runner), as an operator
 * copies a snapshot from one root directory to another (out of HBase's root, or into it), in a child JVM on real
 * HBase's class path (the hbase-oracle module's) plus the two jars that has not: the tool and the local job runner
 * (copied to {@code export.snapshot.jars} by the build).
 */
final class HBaseExportSnapshot {
  private static final long TIMEOUT_SECONDS = 180;

  private HBaseExportSnapshot() {}

  /** Copies {@code snapshot} from the root directory {@code from} (an HBase's, or an export's) into {@code to}. */
  static void run(String snapshot, Path from, Path to, Path work) throws IOException {
    Path log = Files.createDirectories(Path.of("target", "basalt-logs")).resolve("export-" + snapshot + ".log");
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
        .toString(), "-Xmx512m", "-Djava.net.preferIPv4Stack=true"));
    for (String pkg : List.of("java.lang", "java.nio", "sun.nio.ch", "java.util", "java.lang.reflect", "java.io")) {
      command.add("--add-opens");
      command.add("java.base/" + pkg + "=ALL-UNNAMED");
    }
    command.addAll(List.of("-cp", classpath(), "org.apache.hadoop.hbase.snapshot.ExportSnapshot",
        "-Dfs.defaultFS=file:///", "-Dhbase.rootdir=" + from.toUri(),
        "-Dhadoop.tmp.dir=" + work.resolve("hadoop-tmp"), "-Dmapreduce.framework.name=local",
        "-snapshot", snapshot, "-copy-from", from.toUri().toString(),
        "-copy-to", to.toUri().toString(), "-mappers", "1",
        // The local file system's checksums of a file HBase wrote and of its copy are not comparable (a mismatch
        // for every file): names and lengths are checked, as HBase's option says.
        "-no-checksum-verify"));
    Process process = new ProcessBuilder(command).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.to(log.toFile())).start();
    try {
      if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        throw new IOException("ExportSnapshot did not finish within " + TIMEOUT_SECONDS + " s; see " + log);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
      throw new IOException("interrupted while exporting " + snapshot, e);
    }
    if (process.exitValue() != 0) {
      throw new IOException("ExportSnapshot exited with status " + process.exitValue() + "; see "
          + log.toAbsolutePath() + ":\n" + Files.readString(log, StandardCharsets.UTF_8));
    }
  }

  private static String classpath() throws IOException {
    String oracle = System.getProperty("hbase.oracle.classpath");
    String jars = System.getProperty("export.snapshot.jars");
    if (oracle == null || jars == null) {
      throw new IOException("hbase.oracle.classpath or export.snapshot.jars is not set; run the tests through Maven");
    }
    List<String> entries = new ArrayList<>(List.of(Files.readString(Path.of(oracle), StandardCharsets.UTF_8).trim()));
    try (Stream<Path> listed = Files.list(Path.of(jars))) {
      listed.filter(jar -> jar.toString().endsWith(".jar")).sorted().forEach(jar -> entries.add(jar.toString()));
    }
    if (entries.size() < 3) {
      throw new IOException("no ExportSnapshot jars in " + jars + "; build the tools module through Maven");
    }
    return String.join(File.pathSeparator, entries);
  }
}
