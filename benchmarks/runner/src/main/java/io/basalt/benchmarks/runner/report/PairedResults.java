package io.basalt.benchmarks.runner.report;

import java.time.Duration;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;

/**
 * What a run comparing two Basalt servers measured (the single node against a cluster, or this build against
 * another): the workloads' rounds, the failover times when a cluster was killed, the machine's load as the run saw
 * it, and notes.
 */
public final class PairedResults {
  private final String title;
  private final String mode;
  private final String firstName;
  private final String secondName;
  private final List<String> planDescription;
  private final Environment environment;
  private final ZonedDateTime started;
  private final List<PairedRounds> rounds = new ArrayList<>();
  private final List<String> loads = new ArrayList<>();
  private final List<String> notes = new ArrayList<>();
  private final List<String> idle = new ArrayList<>();
  private FailoverTimes failover;
  private Duration elapsed;

  public PairedResults(String title, String mode, String firstName, String secondName, List<String> planDescription,
      Environment environment, ZonedDateTime started) {
    this.title = title;
    this.mode = mode;
    this.firstName = firstName;
    this.secondName = secondName;
    this.planDescription = List.copyOf(planDescription);
    this.environment = environment;
    this.started = started;
  }

  public void add(PairedRounds workload) {
    rounds.add(workload);
  }

  /** The machine's load average at a moment of the run ("at start: 1.02 0.87 0.60"), from /proc/loadavg. */
  public void load(String moment) {
    loads.add(moment);
  }

  /** What the servers spent with no client ("with no client: single node 4 ms of CPU per second, ..."). */
  public void idle(String measured) {
    idle.add(measured);
  }

  public List<String> idle() {
    return idle;
  }

  public void failover(FailoverTimes times) {
    this.failover = times;
  }

  public void note(String note) {
    notes.add(note);
  }

  public void finished(Duration took) {
    this.elapsed = took;
  }

  public String title() {
    return title;
  }

  public String mode() {
    return mode;
  }

  public String firstName() {
    return firstName;
  }

  public String secondName() {
    return secondName;
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

  public List<PairedRounds> rounds() {
    return rounds;
  }

  public List<String> loads() {
    return loads;
  }

  /** Null when no node was killed. */
  public FailoverTimes failover() {
    return failover;
  }

  public List<String> notes() {
    return notes;
  }

  public Duration elapsed() {
    return elapsed;
  }
}
