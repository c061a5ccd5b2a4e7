package io.basalt.benchmarks.runner.jmh;

import io.basalt.benchmarks.runner.process.ChildProcess;
import io.basalt.benchmarks.runner.process.ClientJvm;
import io.basalt.benchmarks.runner.report.Measurement;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Runs the storage microbenchmarks (the storage-jmh module) through JMH's own launcher, in a JVM of its own with
 * one forked measurement JVM, and reads its CSV results.
 */
public final class JmhRunner {
  private static final String BENCHMARKS = "io.basalt.benchmarks.storage.StorageOperationsBenchmark";

  /** Iterations, iteration length and table size of a JMH run. */
  public record Size(int warmupIterations, int measurementIterations, Duration iteration, int rows) {}

  private final String classpath;
  private final List<String> launcher;
  private final Path workDir;
  private final Size size;
  private final Duration limit;

  /**
   * @param launcher the start of the JMH command line: empty, or {@code taskset} pinning it (and the JVM it forks)
   *     to some CPUs
   */
  public JmhRunner(Path benchmarkClasses, Path classpathFile, List<String> launcher, Path workDir, Size size,
      Duration limit) throws IOException {
    this.classpath = benchmarkClasses + File.pathSeparator + Files.readString(classpathFile).trim();
    this.launcher = List.copyOf(launcher);
    this.workDir = Files.createDirectories(workDir);
    this.size = size;
    this.limit = limit;
  }

  /** Every storage benchmark with {@code threads} threads; failures come back as failed measurements. */
  public Map<String, Measurement> run(int threads) throws IOException {
    Path csv = workDir.resolve("jmh-" + threads + "-threads.csv");
    Files.deleteIfExists(csv);
    String seconds = size.iteration().toSeconds() + "s";
    List<String> command = new ArrayList<>(launcher);
    command.addAll(ClientJvm.command("256m", classpath));
    command.addAll(List.of("org.openjdk.jmh.Main", BENCHMARKS, "-f", "1",
        "-jvmArgs", "-Xms1g -Xmx1g -Duser.language=en -Duser.country=US",
        "-wi", Integer.toString(size.warmupIterations()), "-w", seconds,
        "-i", Integer.toString(size.measurementIterations()), "-r", seconds,
        "-t", Integer.toString(threads), "-p", "rows=" + size.rows(),
        "-rf", "csv", "-rff", csv.toString()));
    ChildProcess.Outcome outcome = ChildProcess.run(command, workDir.resolve("jmh-" + threads + "-threads.log"),
        limit);
    if (!outcome.succeeded() || !Files.isRegularFile(csv)) {
      return Map.of("*", Measurement.failed(outcome.describeFailure()));
    }
    return JmhCsvParser.parse(Files.readAllLines(csv, StandardCharsets.UTF_8));
  }
}
