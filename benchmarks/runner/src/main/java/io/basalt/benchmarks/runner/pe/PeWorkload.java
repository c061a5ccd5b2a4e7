package io.basalt.benchmarks.runner.pe;

/**
 * The PerformanceEvaluation commands the comparison runs, in the order it runs them: the writes first, so the
 * reads find the rows. Each costs differently per row, so each runs a share of the plan's rows per thread: a
 * {@code scanRange100} operation reads 100 rows.
 */
public enum PeWorkload {
  SEQUENTIAL_WRITE("sequentialWrite", 1),
  RANDOM_WRITE("randomWrite", 1),
  RANDOM_READ("randomRead", 1),
  SCAN("scan", 1),
  SCAN_RANGE_100("scanRange100", 10),
  INCREMENT("increment", 1),
  APPEND("append", 1),
  CHECK_AND_MUTATE("checkAndMutate", 2);

  private final String command;
  private final int rowDivisor;

  PeWorkload(String command, int rowDivisor) {
    this.command = command;
    this.rowDivisor = rowDivisor;
  }

  /** PE's name for the command, as its command line takes it. */
  public String command() {
    return command;
  }

  /** Operations per client thread for a plan of {@code planRows} rows per thread. */
  public int rowsPerThread(int planRows) {
    return Math.max(1, planRows / rowDivisor);
  }
}
