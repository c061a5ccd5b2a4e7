package io.basalt.benchmarks.runner.pe;

import io.basalt.benchmarks.runner.report.Measurement;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads PerformanceEvaluation's log: the total rate from its {@code [ Avg TPS/QPS]} line (the sum over client
 * threads of rows over duration) and each client thread's latency histogram from its {@code Latency (us) :} line.
 * Threads are combined as the mean of their medians and the highest of their 99th percentiles: each thread samples
 * its own operations, and the true p99 of all of them lies at or below the highest thread's.
 */
public final class PeOutputParser {
  private static final Pattern RATE = Pattern.compile("\\[ Avg TPS/QPS\\]\\s+(\\d+)");
  private static final Pattern THREAD_LATENCY =
      Pattern.compile("Latency \\(us\\) : mean=[^,]*, .*?, 50th=([0-9.]+), .*?, 99th=([0-9.]+),");

  private PeOutputParser() {}

  public static Measurement parse(List<String> lines) {
    Double rate = null;
    List<double[]> threads = new ArrayList<>();
    for (String line : lines) {
      Matcher matcher = RATE.matcher(line);
      if (matcher.find()) {
        rate = Double.parseDouble(matcher.group(1));
      }
      matcher = THREAD_LATENCY.matcher(line);
      if (matcher.find()) {
        threads.add(new double[] {Double.parseDouble(matcher.group(1)), Double.parseDouble(matcher.group(2))});
      }
    }
    if (rate == null) {
      return Measurement.failed("no [ Avg TPS/QPS] line in PerformanceEvaluation's output");
    }
    if (threads.isEmpty()) {
      return Measurement.failed("no per-thread latency line in PerformanceEvaluation's output");
    }
    double p50 = threads.stream().mapToDouble(thread -> thread[0]).average().orElseThrow();
    double p99 = threads.stream().mapToDouble(thread -> thread[1]).max().orElseThrow();
    return Measurement.of(rate, p50, p99);
  }
}
