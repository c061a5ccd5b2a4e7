package io.basalt.benchmarks.runner.process;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs one benchmark client (PE, YCSB or JMH) as a child process with its output in a log file, and kills it if
 * it outlives its time limit, so one stuck run cannot stall the whole benchmark.
 */
public final class ChildProcess {
  private ChildProcess() {}

  /** What a finished child left: its exit status (-1 when killed at the time limit) and its output lines. */
  public record Outcome(int exitStatus, List<String> output, Path log) {
    public boolean succeeded() {
      return exitStatus == 0;
    }

    public String describeFailure() {
      return (exitStatus == -1 ? "killed at its time limit" : "exit status " + exitStatus) + "; see " + log;
    }
  }

  public static Outcome run(List<String> command, Path log, Duration limit) throws IOException {
    Files.createDirectories(log.getParent());
    Files.writeString(log, String.join(" ", command) + System.lineSeparator(), StandardCharsets.UTF_8);
    Process process = new ProcessBuilder(command)
        .redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
        .start();
    int status;
    try {
      if (process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
        status = process.exitValue();
      } else {
        process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        status = -1;
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while " + command.get(command.size() - 1) + " ran", e);
    }
    return new Outcome(status, Files.readAllLines(log, StandardCharsets.UTF_8), log);
  }

  /** Adds the runner's own line about a finished child to the end of its log. */
  public static void appendToLog(Path log, String line) throws IOException {
    Files.writeString(log, "[benchmark] " + line + System.lineSeparator(), StandardCharsets.UTF_8,
        StandardOpenOption.APPEND);
  }
}
