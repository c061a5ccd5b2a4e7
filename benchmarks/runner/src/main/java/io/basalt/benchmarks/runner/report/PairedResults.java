package io.basalt.benchmarks.runner.report;

import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;

/**
 * What a run comparing two Basalt servers measured (the single node against a cluster, or this build against
 * another): the workloads' rounds, the failover times when a cluster was killed and what the servers spent idle,
 * besides what every run records.
 */
public final class PairedResults extends RunResults {
  private final String title;
  private final String firstName;
  private final String secondName;
  private final List<PairedRounds> rounds = new ArrayList<>();
  private final List<String> idle = new ArrayList<>();
  private FailoverTimes failover;

  public PairedResults(String title, String mode, String firstName, String secondName, List<String> planDescription,
      Environment environment, ZonedDateTime started) {
    super(mode, planDescription, environment, started);
    this.title = title;
    this.firstName = firstName;
    this.secondName = secondName;
  }

  public void add(PairedRounds workload) {
    rounds.add(workload);
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

  public String title() {
    return title;
  }

  public String firstName() {
    return firstName;
  }

  public String secondName() {
    return secondName;
  }

  public List<PairedRounds> rounds() {
    return rounds;
  }

  /** Null when no node was killed. */
  public FailoverTimes failover() {
    return failover;
  }
}
