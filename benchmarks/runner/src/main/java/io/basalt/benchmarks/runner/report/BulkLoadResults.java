package io.basalt.benchmarks.runner.report;

import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;

/**
 * What a bulk load run measured ({@code bin/benchmark --bulk-load}): the input written, and every load of every
 * round, besides what every run records.
 */
public final class BulkLoadResults extends RunResults {
  private final long rows;
  private final List<LoadRun> runs = new ArrayList<>();
  private String input = "not written";
  private long inputBytes = -1;

  /** @param rows the rows every load writes, which each check must count */
  public BulkLoadResults(String mode, List<String> planDescription, Environment environment, ZonedDateTime started,
      long rows) {
    super(mode, planDescription, environment, started);
    this.rows = rows;
  }

  /** The input as written: its description for the report, and its size, which the rates are counted in. */
  public void input(String description, long bytes) {
    this.input = description;
    this.inputBytes = bytes;
  }

  public void add(LoadRun run) {
    runs.add(run);
  }

  public long rows() {
    return rows;
  }

  public String input() {
    return input;
  }

  public long inputBytes() {
    return inputBytes;
  }

  public List<LoadRun> runs() {
    return runs;
  }

  /** Every round's load of one system by one method, in round order. */
  public List<LoadRun> runs(String system, String method) {
    return runs.stream().filter(run -> run.system().equals(system) && run.method().equals(method)).toList();
  }
}
