package io.basalt.conformance.harness;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs one of real HBase's command-line tools — a main class from HBase 2.6.4's jars, as {@code bin/hbase <class>}
 * would — in a child JVM, the way an operator prepares a cluster for an application that cannot do DDL itself
 * (asynchbase, say). The jars come from the hbase-oracle module's classpath file
 * ({@code hbase.oracle.classpath}); the tool's output goes to {@code target/basalt-logs/<logName>.log}.
 */
public final class HBaseTool {
  private static final long TIMEOUT_SECONDS = 180;

  private HBaseTool() {}

  /** Runs {@code mainClass} with these arguments and waits for it; fails unless it exits with status 0. */
  public static void run(String logName, String mainClass, String... args) throws IOException {
    Path logDir = Path.of("target", "basalt-logs");
    Files.createDirectories(logDir);
    Path log = logDir.resolve(logName + ".log");
    List<String> command = new ArrayList<>(List.of(BasaltProcess.javaExecutable(), "-Xmx512m"));
    command.addAll(HBaseOracleProcess.jdk17Flags());
    command.addAll(List.of("-cp", HBaseOracleProcess.oracleClasspath(), mainClass));
    command.addAll(List.of(args));
    Process process = new ProcessBuilder(command).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
    try {
      if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new IOException(mainClass + " did not finish within " + TIMEOUT_SECONDS + " s; see " + log);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
      throw new IOException("interrupted while running " + mainClass, e);
    }
    if (process.exitValue() != 0) {
      throw new IOException(mainClass + " exited with status " + process.exitValue() + "; see "
          + log.toAbsolutePath() + ":\n" + Files.readString(log, StandardCharsets.UTF_8));
    }
  }
}
