package io.basalt.benchmarks.runner.report;

import java.util.List;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/**
 * What one benchmark run against one server measured: throughput in operations per second and latency percentiles
 * in microseconds, or why it failed. {@code clientCpuShare} is the client's fraction of the CPU time the client and
 * the server spent together during the run, and {@code serverCpuMicrosPerOp} the server's CPU time divided by the
 * operations the client made, each when known (negative when not).
 */
public record Measurement(double opsPerSecond, double p50Micros, double p99Micros, double clientCpuShare,
    double serverCpuMicrosPerOp, String failure) {

  public static Measurement of(double opsPerSecond, double p50Micros, double p99Micros) {
    return new Measurement(opsPerSecond, p50Micros, p99Micros, -1, -1, null);
  }

  public static Measurement failed(String why) {
    return new Measurement(Double.NaN, Double.NaN, Double.NaN, -1, -1, why);
  }

  public boolean ok() {
    return failure == null;
  }

  /** This measurement with the CPU figures of the window it was taken in. */
  public Measurement withCpu(double clientShare, double serverMicrosPerOp) {
    return new Measurement(opsPerSecond, p50Micros, p99Micros, clientShare, serverMicrosPerOp, failure);
  }

  public Optional<Double> clientShare() {
    return clientCpuShare >= 0 ? Optional.of(clientCpuShare) : Optional.empty();
  }

  public Optional<Double> serverCpuPerOp() {
    return serverCpuMicrosPerOp >= 0 ? Optional.of(serverCpuMicrosPerOp) : Optional.empty();
  }

  /**
   * The median of several rounds of the same run, metric by metric; failed rounds are left out, and if every
   * round failed the first failure stands.
   */
  public static Measurement median(List<Measurement> rounds) {
    List<Measurement> good = rounds.stream().filter(Measurement::ok).toList();
    if (good.isEmpty()) {
      return rounds.isEmpty() ? failed("not run") : rounds.get(0);
    }
    return new Measurement(median(good, Measurement::opsPerSecond), median(good, Measurement::p50Micros),
        median(good, Measurement::p99Micros), median(good, Measurement::clientCpuShare),
        median(good, Measurement::serverCpuMicrosPerOp), null);
  }

  private static double median(List<Measurement> rounds, ToDoubleFunction<Measurement> metric) {
    double[] values = rounds.stream().mapToDouble(metric).sorted().toArray();
    int middle = values.length / 2;
    return values.length % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
  }

  @Override
  public String toString() {
    return ok() ? String.format("%.0f ops/s p50 %.0f us p99 %.0f us", opsPerSecond, p50Micros, p99Micros)
        : "failed: " + failure;
  }
}
