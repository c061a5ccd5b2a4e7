package io.basalt.benchmarks.runner.report;

import java.util.List;
import java.util.OptionalDouble;
import java.util.function.ToDoubleFunction;

/**
 * One server's rounds of one workload, without a feature and with it, and what the feature cost it in percent: of
 * throughput lost, and of latency and server CPU per operation added, each from the medians of the rounds
 * (positive: the feature did worse). The noise is the rounds' range, as in the other reports: the throughput lost is
 * also given as the span the two ranges allow, from the best round with the feature against the worst without to
 * the other way round.
 *
 * @param system the server's name without the feature: "Basalt", "HBase"
 */
public record WithAndWithout(String system, List<Measurement> without, List<Measurement> with) {
  public WithAndWithout {
    without = List.copyOf(without);
    with = List.copyOf(with);
  }

  public Measurement withoutMedian() {
    return Measurement.median(without);
  }

  public Measurement withMedian() {
    return Measurement.median(with);
  }

  /** Throughput the feature lost, in percent of the median without it. */
  public OptionalDouble throughputLost() {
    OptionalDouble ratio = Comparison.ratio(withMedian().opsPerSecond(), withoutMedian().opsPerSecond());
    return ratio.isPresent() ? OptionalDouble.of((1 - ratio.getAsDouble()) * 100) : OptionalDouble.empty();
  }

  /**
   * The least and most throughput the feature can have lost given the rounds' ranges, in percent, or NaNs unless
   * each side had two rounds or more that succeeded: a span that holds 0 says the run cannot tell the feature from
   * noise.
   */
  public double[] throughputLostSpan() {
    double[] withoutRange = PairedRounds.throughputRange(without);
    double[] withRange = PairedRounds.throughputRange(with);
    if (succeeded(without) < 2 || succeeded(with) < 2 || withoutRange[0] <= 0) {
      return new double[] {Double.NaN, Double.NaN};
    }
    return new double[] {(1 - withRange[1] / withoutRange[0]) * 100, (1 - withRange[0] / withoutRange[1]) * 100};
  }

  /** Median latency the feature added, in percent. */
  public OptionalDouble p50Added() {
    return added(Measurement::p50Micros);
  }

  /** 99th percentile latency the feature added, in percent. */
  public OptionalDouble p99Added() {
    return added(Measurement::p99Micros);
  }

  /** Server CPU per operation the feature added, in percent. */
  public OptionalDouble serverCpuAdded() {
    if (withoutMedian().serverCpuPerOp().isEmpty() || withMedian().serverCpuPerOp().isEmpty()) {
      return OptionalDouble.empty();
    }
    return added(Measurement::serverCpuMicrosPerOp);
  }

  private OptionalDouble added(ToDoubleFunction<Measurement> metric) {
    Measurement withoutMedian = withoutMedian();
    Measurement withMedian = withMedian();
    if (!withoutMedian.ok() || !withMedian.ok()) {
      return OptionalDouble.empty();
    }
    OptionalDouble ratio = Comparison.ratio(metric.applyAsDouble(withMedian), metric.applyAsDouble(withoutMedian));
    return ratio.isPresent() ? OptionalDouble.of((ratio.getAsDouble() - 1) * 100) : OptionalDouble.empty();
  }

  private static long succeeded(List<Measurement> rounds) {
    return rounds.stream().filter(Measurement::ok).count();
  }
}
