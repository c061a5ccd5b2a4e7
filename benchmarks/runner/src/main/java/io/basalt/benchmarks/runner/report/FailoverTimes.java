package io.basalt.benchmarks.runner.report;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Failover as measured: for each SIGKILL of the node leading the most tablets, the time from the kill to the next
 * acknowledged write to each tablet it led, and how long the killed node took to start again and be ready.
 */
public record FailoverTimes(List<Kill> kills) {

  /**
   * @param node the node killed
   * @param millisByTablet from the kill to each of its tablets' next acknowledged write, in milliseconds
   * @param restartMillis from the restart's launch to the node's ready line
   */
  public record Kill(int node, int tablets, List<Long> millisByTablet, long restartMillis) {
    public Kill {
      millisByTablet = List.copyOf(millisByTablet);
    }

    public String describe() {
      return String.format(Locale.ROOT, "node %d (led %d of %d tablets): %s ms; %s", node, millisByTablet.size(),
          tablets, millisByTablet.stream().map(String::valueOf).collect(Collectors.joining(", ")),
          restartMillis < 0 ? "did not start again" : String.format(Locale.ROOT, "restarted and ready in %.1f s",
              restartMillis / 1000.0));
    }
  }

  public FailoverTimes {
    kills = List.copyOf(kills);
  }

  /** Every affected tablet's time over every kill, sorted. */
  public long[] allMillis() {
    return kills.stream().flatMap(kill -> kill.millisByTablet().stream()).mapToLong(Long::longValue).sorted()
        .toArray();
  }

  /** Each kill's slowest tablet, sorted: how long the last of the killed node's tablets was unwritable. */
  public long[] worstPerKill() {
    return kills.stream().mapToLong(kill -> kill.millisByTablet().stream().mapToLong(Long::longValue).max()
        .orElse(0)).sorted().toArray();
  }

  /** "min / median / max" in seconds of sorted values, or "–" for none. */
  public static String summary(long[] sortedMillis) {
    if (sortedMillis.length == 0) {
      return "–";
    }
    int middle = sortedMillis.length / 2;
    double median = sortedMillis.length % 2 == 1 ? sortedMillis[middle]
        : (sortedMillis[middle - 1] + sortedMillis[middle]) / 2.0;
    return String.format(Locale.ROOT, "%.2f s / %.2f s / %.2f s", sortedMillis[0] / 1000.0, median / 1000.0,
        sortedMillis[sortedMillis.length - 1] / 1000.0);
  }
}
