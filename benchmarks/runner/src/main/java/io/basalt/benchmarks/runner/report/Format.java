package io.basalt.benchmarks.runner.report;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/** How numbers look in the report: rates and latencies rounded to what a 2-core run can support. */
final class Format {
  /** What a quick run's report says first. */
  static final String QUICK_RUN_WARNING = "**A quick run: small sizes and short durations, fit only to check that "
      + "the pipeline works. Do not read performance from it.**";

  private Format() {}

  static String rate(Measurement measurement) {
    if (!measurement.ok()) {
      return "failed";
    }
    return number(measurement.opsPerSecond());
  }

  static String micros(Measurement measurement, double value) {
    return measurement.ok() ? number(value) : "failed";
  }

  static String number(double value) {
    if (Double.isNaN(value)) {
      return "–";
    }
    return value >= 100 ? String.format(Locale.ROOT, "%,.0f", value) : String.format(Locale.ROOT, "%.1f", value);
  }

  /** The lowest and highest throughput of the rounds that succeeded, the noise; "–" for fewer than two rounds. */
  static String range(List<Measurement> rounds) {
    double[] range = PairedRounds.throughputRange(rounds);
    if (Double.isNaN(range[0]) || rounds.size() < 2) {
      return "–";
    }
    return number(range[0]) + "–" + number(range[1]);
  }

  static String ratio(OptionalDouble ratio) {
    return ratio.isPresent() ? String.format(Locale.ROOT, "%.2f", ratio.getAsDouble()) : "–";
  }

  /** A change in percent with its sign ("+12.3 %", "-0.4 %"), or "–". */
  static String percent(OptionalDouble change) {
    return change.isPresent() ? percent(change.getAsDouble()) : "–";
  }

  static String percent(double change) {
    return Double.isNaN(change) ? "–" : String.format(Locale.ROOT, "%+.1f %%", change);
  }

  static String optional(Optional<Double> value) {
    return value.map(Format::number).orElse("–");
  }

  static String share(Optional<Double> share) {
    return share.map(value -> String.format(Locale.ROOT, "%.0f%%", value * 100)).orElse("–");
  }

  static String seconds(Duration duration) {
    return duration == null ? "–" : String.format(Locale.ROOT, "%.2f s", duration.toMillis() / 1000.0);
  }

  static String mebibytes(Optional<Long> bytes) {
    return bytes.map(value -> String.format(Locale.ROOT, "%,d MiB", value >> 20)).orElse("–");
  }
}
