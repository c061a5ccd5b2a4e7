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
  private final Map<String, Duration> launchToFirstPut = new LinkedHashMap<>();
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

  public void launchToFirstPut(String server, Duration duration) {
    launchToFirstPut.put(server, duration);
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

  public Duration launchToFirstPut(String server) {
    return launchToFirstPut.get(server);
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
