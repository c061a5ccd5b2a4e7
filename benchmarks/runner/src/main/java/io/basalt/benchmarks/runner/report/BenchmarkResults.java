package io.basalt.benchmarks.runner.report;

import java.time.Duration;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Everything one benchmark run measured, gathered as the suites finish, for the report. */
public final class BenchmarkResults {
  /** The plan's sizes as the report states them, e.g. "PE: 2,000 rows per thread". */
  private final List<String> planDescription;
  private final String mode;
  private final Environment environment;
  private final ZonedDateTime started;
  private final Map<String, List<Duration>> launchToFirstPut = new LinkedHashMap<>();
  private final PeakMemory memory;
  private final List<Comparison> performanceEvaluation = new ArrayList<>();
  private final List<Comparison> ycsb = new ArrayList<>();
  private final List<CeilingComparison> ceiling = new ArrayList<>();
  private final List<String> notes = new ArrayList<>();
  private Duration elapsed;

  public BenchmarkResults(String mode, List<String> planDescription, Environment environment, ZonedDateTime started,
      PeakMemory memory) {
    this.mode = mode;
    this.planDescription = List.copyOf(planDescription);
    this.environment = environment;
    this.started = started;
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

  /** A remark the reader needs, such as a run that failed or a suite that was left out. */
  public void note(String note) {
    notes.add(note);
  }

  public void finished(Duration elapsed) {
    this.elapsed = elapsed;
  }

  public String mode() {
    return mode;
  }

  public List<String> planDescription() {
    return planDescription;
  }

  public Environment environment() {
    return environment;
  }

  public ZonedDateTime started() {
    return started;
  }

  public Duration elapsed() {
    return elapsed;
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

  public List<String> notes() {
    return notes;
  }
}
