package io.basalt.hbase.keyviz;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hbase.TableName;
import org.apache.hbase.thirdparty.com.google.common.util.concurrent.ThreadFactoryBuilder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Key Visualizer's record of where in each table's key space the requests went: per table and minute, per key
 * bucket (about {@link #BUCKETS} of roughly equal stored rows, measured by the storage engine's size estimates), the
 * operations, bytes read and written and p99 latency, from a sample of the requests ({@link TableActivity}). Each
 * minute closes into a column written to disk ({@link ColumnFiles}); ten-minute and hourly columns are summed from
 * them as their windows end ({@link Rollup}), each tier kept for its retention ({@link Tier}), so memory holds only
 * the current minute and the open windows. A table's buckets are measured when it first shows activity and again
 * every hour it stays active, off the request path.
 */
public final class KeyVisualizer implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(KeyVisualizer.class);
  /** Buckets a table is cut into, as Bigtable's Key Visualizer does. */
  public static final int BUCKETS = 1000;
  /** One request in this many is recorded, as the tablet splitter samples the rows requests touch. */
  public static final int SAMPLE_PERIOD = 16;
  private static final long MINUTE = 60_000;
  private static final long HOUR = 60 * MINUTE;
  /** How often a table with one bucket (new, or empty when measured) is measured again while it has requests. */
  private static final long MEASURE_RETRY_MILLIS = 1000;

  /** Where a table's bucket starts come from: rows cutting it into so many parts of roughly equal stored rows. */
  @FunctionalInterface
  public interface TableKeys {
    List<byte[]> cuts(String table, int parts) throws IOException;
  }

  private final ColumnFiles files;
  private final TableKeys keys;
  private final Clock clock;
  private final Map<String, TableActivity> tables = new ConcurrentHashMap<>();
  /** Open windows of the ten-minute and hourly tiers, by table and start; touched only by the ticking thread. */
  private final Map<String, Rollup> tenMinutes = new ConcurrentHashMap<>();
  private final Map<String, Rollup> hours = new ConcurrentHashMap<>();
  private final ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(
      new ThreadFactoryBuilder().setNameFormat("key-visualizer").setDaemon(true).build());

  private KeyVisualizer(ColumnFiles files, TableKeys keys, Clock clock) {
    this.files = files;
    this.keys = keys;
    this.clock = clock;
  }

  /** Opens the columns kept in {@code directory} and reopens the windows the last run left open. */
  public static KeyVisualizer open(Path directory, TableKeys keys, Clock clock) throws IOException {
    KeyVisualizer visualizer = new KeyVisualizer(new ColumnFiles(directory), keys, clock);
    visualizer.recover();
    return visualizer;
  }

  /** Closes a minute at the end of every minute of the clock. */
  public void start() {
    long now = clock.millis();
    long untilNextMinute = MINUTE - Math.floorMod(now, MINUTE);
    ticker.scheduleAtFixedRate(this::tickLoggingFailures, untilNextMinute, MINUTE, TimeUnit.MILLISECONDS);
  }

  /**
   * Whether to record the request at hand: one in {@link #SAMPLE_PERIOD}, each recorded request standing for that
   * many. A request not sampled costs this one random draw; the caller measures a sampled one's bytes only then.
   */
  public static boolean sample() {
    return ThreadLocalRandom.current().nextInt(SAMPLE_PERIOD) == 0;
  }

  /** A sampled request of {@code table} on {@code row}, which read and wrote so many bytes in {@code nanos}. */
  public void record(TableName table, byte[] row, long readBytes, long writtenBytes, long nanos) {
    String name = table.getNameAsString();
    TableActivity activity = tables.get(name);
    if (activity == null) {
      activity = tables.computeIfAbsent(name, this::firstSeen);
    } else if (activity.buckets().count() == 1) {
      measureSoon(activity); // a table being loaded: cut it as soon as it holds rows
    }
    activity.add(row, readBytes, writtenBytes, nanos, SAMPLE_PERIOD);
  }

  /**
   * The columns of {@code tier} starting in {@code [fromMillis, toMillis)}, by table in name order, each table's
   * oldest first: of one table, or of every table when {@code table} is null. A minute a restart cut in two (its
   * first part kept when the server stopped) is one column.
   */
  public Map<String, List<ActivityColumn>> columns(String table, Tier tier, long fromMillis, long toMillis)
      throws IOException {
    Map<String, List<ActivityColumn>> byTable = new TreeMap<>();
    List<ActivityColumn> read = files.read(tier, table, fromMillis, toMillis);
    if (tier == Tier.MINUTE && toMillis > minuteStart(clock.millis())) {
      // The minute in progress, as far as it has come.
      for (TableActivity activity : tables.values()) {
        if ((table == null || table.equals(activity.table())) && activity.hasRequests()) {
          read.add(activity.peek());
        }
      }
    }
    for (ActivityColumn column : read) {
      List<ActivityColumn> columns = byTable.computeIfAbsent(column.table(), name -> new ArrayList<>());
      ActivityColumn last = columns.isEmpty() ? null : columns.get(columns.size() - 1);
      if (last != null && last.startMillis() == column.startMillis()) {
        Rollup both = new Rollup(column.table(), column.startMillis(), column.minutes());
        both.add(last);
        both.add(column);
        columns.set(columns.size() - 1, both.column());
      } else {
        columns.add(column);
      }
    }
    return byTable;
  }

  /** A table's activity as it is first seen; its buckets are measured at once, on the ticking thread. */
  private TableActivity firstSeen(String table) {
    TableActivity activity = new TableActivity(table, minuteStart(clock.millis()));
    measureSoon(activity);
    return activity;
  }

  /**
   * Has a table with one bucket measured on the ticking thread, at most once a second: a new table, or one that
   * was empty when last measured.
   */
  private void measureSoon(TableActivity activity) {
    long now = clock.millis();
    if (!activity.claimMeasure(now, MEASURE_RETRY_MILLIS)) {
      return;
    }
    try {
      ticker.execute(() -> measureFirst(activity));
    } catch (RejectedExecutionException e) {
      LOG.debug("The Key Visualizer is closed; {} keeps one bucket", activity.table());
    }
  }

  private void measureFirst(TableActivity activity) {
    try {
      List<byte[]> cuts = keys.cuts(activity.table(), BUCKETS);
      activity.firstBuckets(cuts.isEmpty() ? KeyBuckets.whole() : KeyBuckets.startingAt(cuts), clock.millis());
    } catch (IOException | RuntimeException e) {
      // It is measured again when its minute closes.
      LOG.warn("Could not measure the key buckets of {} for the Key Visualizer", activity.table(), e);
    }
  }

  /**
   * Closes the minute that ended: each active table's column is kept, the windows of the longer tiers that ended
   * are summed and kept, tables due new buckets are measured, and files past retention go.
   */
  void tick() throws IOException {
    long now = clock.millis();
    long next = minuteStart(now);
    for (TableActivity activity : List.copyOf(tables.values())) {
      if (activity.hasRequests()) {
        rebucketIfDue(activity, now); // before the roll: the next minute counts against the new buckets
      }
      ActivityColumn column = activity.roll(next);
      if (column.totalOperations() > 0) {
        files.append(Tier.MINUTE, column);
        addToWindow(tenMinutes, Tier.TEN_MINUTES, column);
      } else if (now - activity.bucketedAtMillis() > HOUR && !hasOpenWindow(activity.table())) {
        tables.remove(activity.table(), activity); // idle for an hour: it comes back with its next request
      }
    }
    closeEndedWindows(tenMinutes, Tier.TEN_MINUTES, next);
    closeEndedWindows(hours, Tier.HOUR, next);
    if (Math.floorMod(next, HOUR) == 0) {
      files.prune(now);
    }
  }

  /** Adds a column to its table's window of {@code tier}, opening it if need be. */
  private static void addToWindow(Map<String, Rollup> windows, Tier tier, ActivityColumn column) {
    long start = tier.intervalStart(column.startMillis());
    windows.computeIfAbsent(column.table() + "@" + start, key -> new Rollup(column.table(), start, tier.minutes))
        .add(column);
  }

  /** Writes the windows of {@code tier} that ended by {@code nowMinute}; a ten-minute one goes on into its hour. */
  private void closeEndedWindows(Map<String, Rollup> windows, Tier tier, long nowMinute) throws IOException {
    List<Map.Entry<String, Rollup>> ended = new ArrayList<>();
    for (Map.Entry<String, Rollup> window : windows.entrySet()) {
      if (window.getValue().startMillis() + tier.minutes * MINUTE <= nowMinute) {
        ended.add(window);
      }
    }
    ended.sort((a, b) -> Long.compare(a.getValue().startMillis(), b.getValue().startMillis()));
    for (Map.Entry<String, Rollup> window : ended) {
      windows.remove(window.getKey());
      if (window.getValue().isEmpty()) {
        continue;
      }
      ActivityColumn column = window.getValue().column();
      files.append(tier, column);
      if (tier == Tier.TEN_MINUTES) {
        addToWindow(hours, Tier.HOUR, column);
      }
    }
  }

  private boolean hasOpenWindow(String table) {
    String prefix = table + "@";
    return tenMinutes.keySet().stream().anyMatch(key -> key.startsWith(prefix))
        || hours.keySet().stream().anyMatch(key -> key.startsWith(prefix));
  }

  /**
   * Measures a table's buckets each new hour it is active, and each minute while it has one bucket (it was empty
   * when measured, as a table being loaded is).
   */
  private void rebucketIfDue(TableActivity activity, long now) {
    boolean newHour = now / HOUR != activity.bucketedAtMillis() / HOUR;
    if (!newHour && activity.buckets().count() > 1) {
      return;
    }
    try {
      List<byte[]> cuts = keys.cuts(activity.table(), BUCKETS);
      activity.rebucket(cuts.isEmpty() ? KeyBuckets.whole() : KeyBuckets.startingAt(cuts), now);
    } catch (IOException | RuntimeException e) {
      // The table keeps its buckets (or its one bucket) and is measured again next minute.
      LOG.warn("Could not measure the key buckets of {} for the Key Visualizer", activity.table(), e);
    }
  }

  /**
   * Reopens the windows a stop left open, from the minute columns on disk: the current ones, to go on with, and
   * those that ended while the server was down, to close now. A window already written (a ten-minute or hourly
   * column exists for it) is not summed again.
   */
  private void recover() throws IOException {
    long now = clock.millis();
    long from = now - Tier.MINUTE.retention.toMillis();
    Set<String> writtenTen = written(Tier.TEN_MINUTES, from, now);
    Set<String> writtenHours = written(Tier.HOUR, from, now);
    // Ten-minute columns written of an hour not yet written go on into that hour; read before any window closes
    // here, so that the columns this recovery writes are not added twice.
    List<ActivityColumn> tens = files.read(Tier.TEN_MINUTES, null, from, now);
    for (ActivityColumn ten : tens) {
      if (!writtenHours.contains(ten.table() + "@" + Tier.HOUR.intervalStart(ten.startMillis()))) {
        addToWindow(hours, Tier.HOUR, ten);
      }
    }
    for (ActivityColumn minute : files.read(Tier.MINUTE, null, from, now)) {
      if (!writtenTen.contains(minute.table() + "@" + Tier.TEN_MINUTES.intervalStart(minute.startMillis()))) {
        addToWindow(tenMinutes, Tier.TEN_MINUTES, minute);
      }
    }
    closeEndedWindows(tenMinutes, Tier.TEN_MINUTES, minuteStart(now));
    closeEndedWindows(hours, Tier.HOUR, minuteStart(now));
  }

  private Set<String> written(Tier tier, long from, long to) throws IOException {
    Set<String> windows = new HashSet<>();
    for (ActivityColumn column : files.read(tier, null, from, to)) {
      windows.add(column.table() + "@" + column.startMillis());
    }
    return windows;
  }

  private void tickLoggingFailures() {
    try {
      tick();
    } catch (IOException | RuntimeException e) {
      // A failed minute must not cancel the schedule; the next minute tries again.
      LOG.warn("The Key Visualizer could not close a minute", e);
    }
  }

  private static long minuteStart(long millis) {
    return millis - Math.floorMod(millis, MINUTE);
  }

  /** The buckets the table's requests are counted against now; one bucket for a table not seen. */
  KeyBuckets bucketsOf(String table) {
    TableActivity activity = tables.get(table);
    return activity == null ? KeyBuckets.whole() : activity.buckets();
  }

  /** The tables with activity in the current minute or an open window. */
  public List<String> activeTables() {
    Set<String> names = new HashSet<>(tables.keySet());
    hours.values().forEach(window -> names.add(window.table()));
    List<String> sorted = new ArrayList<>(names);
    sorted.sort(null);
    return sorted;
  }

  /** Stops closing minutes, and keeps the current minute's requests as a column of its own. */
  @Override
  public void close() {
    ticker.shutdownNow();
    try {
      if (!ticker.awaitTermination(10, TimeUnit.SECONDS)) {
        LOG.warn("The Key Visualizer's last minute did not finish closing within 10 s");
      }
      long next = minuteStart(clock.millis()) + MINUTE;
      for (TableActivity activity : tables.values()) {
        ActivityColumn column = activity.roll(next);
        if (column.totalOperations() > 0) {
          files.append(Tier.MINUTE, column);
        }
      }
    } catch (IOException e) {
      LOG.warn("The Key Visualizer could not keep the current minute's requests", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
