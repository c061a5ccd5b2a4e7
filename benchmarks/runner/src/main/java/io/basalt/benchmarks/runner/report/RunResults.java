package io.basalt.benchmarks.runner.report;

import java.time.Duration;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;

/**
 * What every kind of benchmark run records besides its measurements, for its report's header and notes: the mode,
 * the plan as the report states it, the machine, when it started and how long it took, the machine's load as the
 * run saw it, and remarks the reader needs.
 */
public abstract class RunResults {
  private final String mode;
  /** The plan's sizes as the report states them, e.g. "PE: 2,000 rows per thread". */
  private final List<String> planDescription;
  private final Environment environment;
  private final ZonedDateTime started;
  private final List<String> loads = new ArrayList<>();
  private final List<String> notes = new ArrayList<>();
  private Duration elapsed;

  protected RunResults(String mode, List<String> planDescription, Environment environment, ZonedDateTime started) {
    this.mode = mode;
    this.planDescription = List.copyOf(planDescription);
    this.environment = environment;
    this.started = started;
  }

  /** The machine's load average at a moment of the run ("at start 1.02 0.87 0.60"), from /proc/loadavg. */
  public void load(String moment) {
    loads.add(moment);
  }

  /** A remark the reader needs, such as a run that failed, a suite left out or compilers that never settled. */
  public void note(String note) {
    notes.add(note);
  }

  public void finished(Duration took) {
    this.elapsed = took;
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

  public List<String> loads() {
    return loads;
  }

  public List<String> notes() {
    return notes;
  }

  /** Null until the run has finished. */
  public Duration elapsed() {
    return elapsed;
  }
}
