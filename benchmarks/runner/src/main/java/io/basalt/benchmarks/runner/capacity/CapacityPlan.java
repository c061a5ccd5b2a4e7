package io.basalt.benchmarks.runner.capacity;

import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * How a capacity run ({@code bin/benchmark --capacity}) is sized. For each operation each server is first driven
 * in a closed loop ({@code connections} connections, {@code inFlight} calls outstanding on each) to find what it
 * does flat out, then at fixed rates, {@code rateShares} of that, each step alternating between the servers; a
 * server's capacity at a latency bound is the highest rate it sustained with its p99 within the bound. The shares
 * start at a tenth: in the first full run (2026-11-29) neither server held p99 within 5 ms at 30 % for most
 * operations.
 *
 * @param operations the load generator's operation labels, in the order run
 * @param rows rows of the load table (100-byte values: in memory on both servers)
 * @param regions regions of the load table
 * @param warmup unmeasured seconds at the start of every step
 * @param measured measured seconds of every step
 * @param checkMillis milliseconds each operation runs checked on each server before anything is measured
 * @param clientLimit time limit of any one generator JVM
 */
public record CapacityPlan(String mode, List<String> operations, int rows, int regions, int connections,
    int inFlight, List<Double> rateShares, Duration warmup, Duration measured, int checkMillis,
    Duration clientLimit) {
  static final List<String> ALL_OPERATIONS = List.of("get", "put", "scan100", "multiget100", "multiput100",
      "increment", "checkandput");

  public static CapacityPlan named(String mode) {
    return switch (mode) {
      case "quick" -> new CapacityPlan("quick", ALL_OPERATIONS, 20_000, 4, 2, 8, List.of(0.5, 0.9),
          Duration.ofSeconds(1), Duration.ofSeconds(2), 500, Duration.ofMinutes(2));
      case "full" -> new CapacityPlan("full", ALL_OPERATIONS, 200_000, 4, 4, 16,
          List.of(0.1, 0.2, 0.35, 0.5, 0.65, 0.8, 1.0), Duration.ofSeconds(3), Duration.ofSeconds(10), 2_000,
          Duration.ofMinutes(3));
      default -> throw new IllegalArgumentException("mode is quick or full, not " + mode);
    };
  }

  public CapacityPlan withOperations(List<String> chosen) {
    for (String operation : chosen) {
      if (!ALL_OPERATIONS.contains(operation)) {
        throw new IllegalArgumentException("--operations takes some of " + ALL_OPERATIONS + ", not " + operation);
      }
    }
    return new CapacityPlan(mode, List.copyOf(chosen), rows, regions, connections, inFlight, rateShares, warmup,
        measured, checkMillis, clientLimit);
  }

  List<String> describe() {
    return List.of(
        String.format(Locale.ROOT, "Table: %,d rows of one 100-byte cell in %d regions, loaded once per server by "
            + "a stock client; every operation's answers checked on both servers before anything is measured "
            + "(each decoded as a stock client decodes it and compared with the rows loaded)", rows, regions),
        String.format(Locale.ROOT, "Load: the lean generator (benchmarks/load-generator), %d connections to the "
            + "server; flat out: %d calls outstanding on each; then fixed rates of %s of the server's own flat-out "
            + "rate, latency counted from when each call was due; every step %d s unmeasured then %d s measured, "
            + "the servers alternating step by step", connections, inFlight, rateShares.stream()
            .map(share -> String.format(Locale.ROOT, "%.0f%%", share * 100)).toList(), warmup.toSeconds(),
            measured.toSeconds()));
  }
}
