package io.basalt.benchmarks.runner.report;

import java.util.OptionalDouble;

/** One workload at one client thread count, measured against both servers in the same run. */
public record Comparison(String workload, int threads, Measurement basalt, Measurement hbase) {

  /** Basalt's throughput over HBase's. */
  public OptionalDouble throughputRatio() {
    return ratio(basalt.opsPerSecond(), hbase.opsPerSecond());
  }

  /** Basalt's p99 latency over HBase's: below 1 is better. */
  public OptionalDouble p99Ratio() {
    return ratio(basalt.p99Micros(), hbase.p99Micros());
  }

  static OptionalDouble ratio(double numerator, double denominator) {
    if (Double.isNaN(numerator) || Double.isNaN(denominator) || denominator <= 0) {
      return OptionalDouble.empty();
    }
    return OptionalDouble.of(numerator / denominator);
  }
}
