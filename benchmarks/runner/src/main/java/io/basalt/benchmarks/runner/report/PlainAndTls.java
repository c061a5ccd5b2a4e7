package io.basalt.benchmarks.runner.report;

import java.util.List;
import java.util.OptionalDouble;
import java.util.function.ToDoubleFunction;

/**
 * One server's rounds of one workload, plaintext and with TLS, and what TLS cost it in percent: of throughput
 * lost, and of latency and server CPU per operation added, each from the medians of the rounds (positive: TLS did
 * worse). The noise is the rounds' range, as in the other reports: the throughput lost is also given as the span
 * the two ranges allow, from the best TLS round against the worst plaintext one to the other way round.
 *
 * @param system the server's name without "TLS": "Basalt", "HBase"
 */
public record PlainAndTls(String system, List<Measurement> plain, List<Measurement> tls) {
  public PlainAndTls {
    plain = List.copyOf(plain);
    tls = List.copyOf(tls);
  }

  public Measurement plainMedian() {
    return Measurement.median(plain);
  }

  public Measurement tlsMedian() {
    return Measurement.median(tls);
  }

  /** Throughput TLS lost, in percent of the plaintext median. */
  public OptionalDouble throughputLost() {
    OptionalDouble ratio = Comparison.ratio(tlsMedian().opsPerSecond(), plainMedian().opsPerSecond());
    return ratio.isPresent() ? OptionalDouble.of((1 - ratio.getAsDouble()) * 100) : OptionalDouble.empty();
  }

  /**
   * The least and most throughput TLS can have lost given the rounds' ranges, in percent, or NaNs unless each side
   * had two rounds or more that succeeded: a span that holds 0 says the run cannot tell TLS from noise.
   */
  public double[] throughputLostSpan() {
    double[] plainRange = PairedRounds.throughputRange(plain);
    double[] tlsRange = PairedRounds.throughputRange(tls);
    if (succeeded(plain) < 2 || succeeded(tls) < 2 || plainRange[0] <= 0) {
      return new double[] {Double.NaN, Double.NaN};
    }
    return new double[] {(1 - tlsRange[1] / plainRange[0]) * 100, (1 - tlsRange[0] / plainRange[1]) * 100};
  }

  /** Median latency TLS added, in percent. */
  public OptionalDouble p50Added() {
    return added(Measurement::p50Micros);
  }

  /** 99th percentile latency TLS added, in percent. */
  public OptionalDouble p99Added() {
    return added(Measurement::p99Micros);
  }

  /** Server CPU per operation TLS added, in percent. */
  public OptionalDouble serverCpuAdded() {
    Measurement plainMedian = plainMedian();
    Measurement tlsMedian = tlsMedian();
    if (plainMedian.serverCpuPerOp().isEmpty() || tlsMedian.serverCpuPerOp().isEmpty()) {
      return OptionalDouble.empty();
    }
    return added(Measurement::serverCpuMicrosPerOp);
  }

  private OptionalDouble added(ToDoubleFunction<Measurement> metric) {
    Measurement plainMedian = plainMedian();
    Measurement tlsMedian = tlsMedian();
    if (!plainMedian.ok() || !tlsMedian.ok()) {
      return OptionalDouble.empty();
    }
    OptionalDouble ratio = Comparison.ratio(metric.applyAsDouble(tlsMedian), metric.applyAsDouble(plainMedian));
    return ratio.isPresent() ? OptionalDouble.of((ratio.getAsDouble() - 1) * 100) : OptionalDouble.empty();
  }

  private static long succeeded(List<Measurement> rounds) {
    return rounds.stream().filter(Measurement::ok).count();
  }
}
