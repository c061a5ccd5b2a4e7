package io.basalt.benchmarks.runner.report;

import java.time.Duration;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Everything one benchmark run measured, gathered as the suites finish, for the report. */
public final class BenchmarkResults extends RunResults {
  private final Map<String, List<Duration>> launchToFirstPut = new LinkedHashMap<>();
  private final PeakMemory memory;
  private final List<Comparison> performanceEvaluation = new ArrayList<>();
  private final List<Comparison> ycsb = new ArrayList<>();
  private final List<CeilingComparison> ceiling = new ArrayList<>();

  public BenchmarkResults(String mode, List<String> planDescription, Environment environment, ZonedDateTime started,
      PeakMemory memory) {
    super(mode, planDescription, environment, started);
    this.memory = memory;
  }

  /** One launch of {@code server} timed to its first acknowledged put; a server may be launched several times. */
  public void launchToFirstPut(String server, Duration duration) {
    launchToFirstPut.computeIfAbsent(server, name -> new ArrayList<>()).add(duration);
  }

  public void addPerformanceEvaluation(Comparison comparison) {
    performanceEvaluation.add(comparison);
  }

  public void addYcsb(Comparison comparison) {
    ycsb.add(comparison);
  }

  public void addCeiling(CeilingComparison comparison) {
    ceiling.add(comparison);
  }

  /** The median of the server's timed launches, or null when it was never launched. */
  public Duration launchToFirstPut(String server) {
    List<Duration> launches = launchesToFirstPut(server);
    if (launches.isEmpty()) {
      return null;
    }
    List<Duration> sorted = launches.stream().sorted().toList();
    int middle = sorted.size() / 2;
    return sorted.size() % 2 == 1 ? sorted.get(middle) : sorted.get(middle - 1).plus(sorted.get(middle)).dividedBy(2);
  }

  /** Every timed launch of the server, in the order they ran. */
  public List<Duration> launchesToFirstPut(String server) {
    return List.copyOf(launchToFirstPut.getOrDefault(server, List.of()));
  }

  public PeakMemory memory() {
    return memory;
  }

  public List<Comparison> performanceEvaluation() {
    return performanceEvaluation;
  }

  public List<Comparison> ycsb() {
    return ycsb;
  }

  public List<CeilingComparison> ceiling() {
    return ceiling;
  }
}
