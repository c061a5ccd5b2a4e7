package io.basalt.conformance.differential;

import io.basalt.conformance.differential.MetricNames.Attribute;
import java.io.IOException;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Reads of /jmx timed to what the server has caught up with. HBase answers /jmx from a snapshot of its metrics
 * taken every 10 s, and some counts in it (checkMutatePassedCount, readRequestCount, the Tables bean's) are sums
 * over regions it recomputes every 5 s; a read right after a call can show the state of 15 s before. So a baseline
 * is taken from a snapshot made long enough after the last call, and the reading after a workload is polled for
 * until the counts show the workload.
 */
final class SettledJmx {
  private static final long POLL_MILLIS = 500;
  /** HBase's period of summing over regions (hbase.regionserver.metrics.period), and a second for the summing. */
  private static final long AGGREGATION_MILLIS = 6_000;

  /** What waiting for counts came to: the last reading, whether it showed them, and after how long. */
  record Wait(JmxReading reading, boolean reached, long millis) {}

  private SettledJmx() {}

  /**
   * The first reading of HBase's {@code /jmx} from a snapshot made more than the summing period after
   * {@code sinceNanos} (a {@link System#nanoTime()}): every count in it includes what happened before then. A new
   * snapshot shows in the region server's Server bean as changed values; its meters' mean rates alone change with
   * every snapshot, whatever else did.
   */
  static JmxReading snapshotAfter(int port, long sinceNanos, long timeoutMillis)
      throws IOException, InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
    long readAt = System.nanoTime();
    JmxReading previous = JmxReading.read(port);
    while (System.nanoTime() < deadline) {
      TimeUnit.MILLISECONDS.sleep(POLL_MILLIS);
      long previousReadAt = readAt;
      readAt = System.nanoTime();
      JmxReading current = JmxReading.read(port);
      boolean newSnapshot = complete(current)
          && !current.bean(MetricNames.RS_SERVER).equals(previous.bean(MetricNames.RS_SERVER));
      // The snapshot was made after the previous read.
      if (newSnapshot && previousReadAt - sinceNanos >= TimeUnit.MILLISECONDS.toNanos(AGGREGATION_MILLIS)) {
        return current;
      }
      previous = current;
    }
    throw new IOException("HBase's /jmx showed no new snapshot of its metrics within " + timeoutMillis + " ms");
  }

  /**
   * Whether a reading has the region server's beans that hold counts. Shortly after a region opens or closes, HBase
   * stops its metrics system and starts it again half a second later (to drop JMX's cached bean descriptions); a
   * read in between finds the beans missing or only some back. Such a reading is no snapshot: as a baseline every
   * count in it would be zero, and once in CI the whole run's earlier calls were taken for the workload's.
   */
  private static boolean complete(JmxReading reading) {
    return !reading.bean(MetricNames.RS_SERVER).isEmpty() && !reading.bean(MetricNames.RS_TABLES).isEmpty()
        && !reading.bean(MetricNames.RS_REGIONS).isEmpty();
  }

  /**
   * Reads {@code /jmx} until each of {@code expected}'s counts has grown by its value since {@code baseline}, or
   * {@code timeoutMillis} have passed.
   */
  static Wait untilGrown(int port, JmxReading baseline, Map<Attribute, Long> expected, long timeoutMillis)
      throws IOException, InterruptedException {
    long start = System.nanoTime();
    long deadline = start + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
    while (true) {
      JmxReading reading = JmxReading.read(port);
      boolean reached = grown(baseline, reading, expected.keySet()).equals(expected);
      if (reached || System.nanoTime() >= deadline) {
        return new Wait(reading, reached, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
      }
      TimeUnit.MILLISECONDS.sleep(POLL_MILLIS);
    }
  }

  /** How much each attribute grew from {@code before} to {@code after} (null where {@code after} lacks it). */
  static Map<Attribute, Long> grown(JmxReading before, JmxReading after, Collection<Attribute> attributes) {
    Map<Attribute, Long> grown = new LinkedHashMap<>();
    for (Attribute attribute : attributes) {
      grown.put(attribute, after.since(before, attribute));
    }
    return grown;
  }
}
