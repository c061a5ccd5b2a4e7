package io.basalt.benchmarks.runner.report;

import java.time.Duration;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;

/**
 * What a TLS run measured ({@code bin/benchmark --tls}): each workload's rounds on the four servers, the machine's
 * load as the run saw it, and notes.
 */
public final class TlsResults {
  private final String mode;
  private final List<String> planDescription;
  private final Environment environment;
  private final ZonedDateTime started;
  private final List<TlsComparison> comparisons = new ArrayList<>();
  private final List<String> loads = new ArrayList<>();
  private final List<String> notes = new ArrayList<>();
  private Duration elapsed;

  public TlsResults(String mode, List<String> planDescription, Environment environment, ZonedDateTime started) {
    this.mode = mode;
    this.planDescription = List.copyOf(planDescription);
    this.environment = environment;
    this.started = started;
  }

  public void add(TlsComparison comparison) {
    comparisons.add(comparison);
  }

  /** The machine's load average at a moment of the run ("at start 1.02 0.87 0.60"), from /proc/loadavg. */
  public void load(String moment) {
    loads.add(moment);
  }

  /** A remark the reader needs, such as a run that failed or a server whose compilers never settled. */
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

  public List<TlsComparison> comparisons() {
    return comparisons;
  }

  public List<String> loads() {
    return loads;
  }

  public List<String> notes() {
    return notes;
  }

  public Duration elapsed() {
    return elapsed;
  }
}
