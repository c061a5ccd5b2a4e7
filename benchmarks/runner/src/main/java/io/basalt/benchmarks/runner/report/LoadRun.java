package io.basalt.benchmarks.runner.report;

import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * One load of the bulk load benchmark as measured: a system (Basalt, HBase), a method (bulk load, puts), a round,
 * and what it took. Times in seconds, -1 where a figure does not apply or could not be read.
 *
 * @param seconds from the client JVM's launch to its exit: what an operator running the tool waits
 * @param insideSeconds the same inside the client JVM, from the tool's (or the put client's) start to its end
 * @param callSpanSeconds from the first BulkLoadHFile call's start to the last one's end, as the tool saw them
 * @param callSumSeconds the region calls' durations added up (the tool makes up to as many at once as the machine
 *     has cores)
 * @param calls region calls made
 * @param serverLogSeconds Basalt's own time per region call, from its log, added up: reading the HFiles, writing
 *     its SST files and ingesting them (not opening the files or flushing first)
 * @param serverCpuSeconds the server process's CPU time from the client's launch to its exit
 * @param clientCpuSeconds the client JVM's CPU time
 * @param rowsCounted rows the check counted after the load (the plan's rows when right)
 * @param wrongSamples rows read back that did not hold their cell ("none" when all did)
 * @param filesLeft input files the bulk load left in its directory: none when the server moved or removed them (HBase
 *     from its own HDFS), all when it copied or only read them (HBase and Basalt on a local file system)
 * @param failure why the load failed, or null
 */
public record LoadRun(String system, String method, int round, double seconds, double insideSeconds,
    double callSpanSeconds, double callSumSeconds, int calls, double serverLogSeconds, double serverCpuSeconds,
    double clientCpuSeconds, long rowsCounted, String wrongSamples, int filesLeft, String failure) {
  public static final String BULK_LOAD = "bulk load";
  public static final String PUTS = "puts";
  /** {@code bin/basalt import-snapshot} of a snapshot HBase took of a table it had bulk loaded. */
  public static final String SNAPSHOT_IMPORT = "snapshot import";

  public static LoadRun failed(String system, String method, int round, String why) {
    return new LoadRun(system, method, round, -1, -1, -1, -1, 0, -1, -1, -1, -1, "–", 0, why);
  }

  public boolean ok() {
    return failure == null;
  }

  /** Whether the check found the table as loaded: every row there, every sampled row right. */
  public boolean verified(long rows) {
    return ok() && rowsCounted == rows && "none".equals(wrongSamples);
  }

  /** What the check found, for the report. */
  public String verdict(long rows) {
    if (!ok()) {
      return "failed: " + failure;
    }
    if (verified(rows)) {
      return String.format(Locale.ROOT, "%,d rows, samples right", rowsCounted);
    }
    return String.format(Locale.ROOT, "WRONG: %,d of %,d rows counted, rows read back wrong: %s", rowsCounted,
        rows, wrongSamples);
  }

  /** The median of one figure over some loads, leaving out failed ones and unknown figures; NaN if none is left. */
  public static double median(List<LoadRun> runs, ToDoubleFunction<LoadRun> figure) {
    double[] values = runs.stream().filter(LoadRun::ok).mapToDouble(figure).filter(value -> value >= 0).sorted()
        .toArray();
    if (values.length == 0) {
      return Double.NaN;
    }
    int middle = values.length / 2;
    return values.length % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
  }

  /** The lowest and highest of one figure over some loads, as {@link #median} selects them; NaNs if none. */
  public static double[] range(List<LoadRun> runs, ToDoubleFunction<LoadRun> figure) {
    double[] values = runs.stream().filter(LoadRun::ok).mapToDouble(figure).filter(value -> value >= 0).sorted()
        .toArray();
    return values.length == 0 ? new double[] {Double.NaN, Double.NaN}
        : new double[] {values[0], values[values.length - 1]};
  }
}
