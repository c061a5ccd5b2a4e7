package io.basalt.examples.highways;

import static io.basalt.examples.highways.SpeedSchema.BY_SENSOR;
import static io.basalt.examples.highways.SpeedSchema.BY_TIME;
import static io.basalt.examples.highways.SpeedSchema.READING;
import static io.basalt.examples.highways.SpeedSchema.SPEED_MPH;

import io.basalt.examples.common.ExampleOptions;
import io.basalt.examples.common.ProgressBar;
import io.basalt.examples.common.Stopwatch;
import io.basalt.examples.common.Tables;
import java.io.IOException;
import java.io.PrintStream;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.BufferedMutator;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Lessons: put what the questions name first in the row key, a reversed timestamp after it when the newest rows
 * are wanted first, and never the timestamp first.
 *
 * <p>Speed sensors on four highways report every minute. Each reading goes to {@code highway_speeds}, keyed
 * {@code HIGHWAY#MILE#reverse-timestamp}, and to {@code highway_speeds_by_time}, keyed timestamp first. Both tables
 * are pre-split into eight tablets. While loading, the example asks the server how many writes each tablet served:
 * the sensor-keyed table spreads every minute's writes over all its tablets, the timestamp-first table sends them
 * all to one. Then it answers "the latest readings at mile 347 on I35" and "speeds between miles 340 and 350" with
 * one scan each.
 *
 * <p>Arguments: {@code [minutes [zookeeper-host[:port]]]}: minutes of readings (at least 8), default 120.
 */
public final class HighwaySpeedsExample {
  public static final int DEFAULT_MINUTES = 120;
  public static final long SEED = 35L;
  public static final int TABLETS = 8;

  public static final String HIGHWAY_ASKED = "I35";
  public static final int MILE_ASKED = 347;
  public static final int LATEST_COUNT = 10;
  public static final int FIRST_MILE_ASKED = 340;
  public static final int LAST_MILE_ASKED = 350;

  private final Connection connection;
  private final PrintStream out;

  public HighwaySpeedsExample(Connection connection, PrintStream out) {
    this.connection = connection;
    this.out = out;
  }

  public static void main(String[] args) throws IOException {
    ExampleOptions options = ExampleOptions.parse(args, DEFAULT_MINUTES);
    System.out.println("Highway speeds example against Basalt at " + options.target());
    try (Connection connection = ConnectionFactory.createConnection(options.configuration())) {
      new HighwaySpeedsExample(connection, System.out).run(options.size());
    }
  }

  /** One mile marker's readings in the range scan: the newest, and the average of all. */
  public record MileSpeeds(int mile, int latestMph, LocalDateTime latestTime, double averageMph, int readings) {}

  /** What the example found, for checking. */
  public record Results(List<long[]> sensorKeyedWrites, List<long[]> timeFirstWrites, List<SpeedReading> latest,
      List<MileSpeeds> milesBetween) {}

  public Results run(int minutes) throws IOException {
    if (minutes < TABLETS) {
      throw new IllegalArgumentException("give at least " + TABLETS + " minutes of readings, one per tablet");
    }
    Stopwatch total = Stopwatch.start();
    TrafficGenerator traffic = new TrafficGenerator(SEED);
    List<long[]> sensorKeyedWrites;
    List<long[]> timeFirstWrites;
    try (Admin admin = connection.getAdmin()) {
      Tables.recreate(admin, SpeedSchema.descriptor(BY_SENSOR), SpeedSchema.sensorSplits(traffic.sensors(), TABLETS));
      Tables.recreate(admin, SpeedSchema.descriptor(BY_TIME),
          SpeedSchema.timeSplits(TrafficGenerator.FIRST_MINUTE, minutes, TABLETS));
      WriteHeatMap bySensor = new WriteHeatMap(admin, BY_SENSOR);
      WriteHeatMap byTime = new WriteHeatMap(admin, BY_TIME);
      load(traffic, minutes, bySensor, byTime);
      printHeatMaps(bySensor, byTime);
      sensorKeyedWrites = bySensor.writesPerStretch();
      timeFirstWrites = byTime.writesPerStretch();
    }

    Stopwatch latestScan = Stopwatch.start();
    List<SpeedReading> latest = latestReadings(HIGHWAY_ASKED, MILE_ASKED, LATEST_COUNT);
    printLatest(latest, latestScan);
    Stopwatch rangeScan = Stopwatch.start();
    List<MileSpeeds> between = speedsBetween(HIGHWAY_ASKED, FIRST_MILE_ASKED, LAST_MILE_ASKED);
    printBetween(between, rangeScan);

    out.println("\nHighway speeds example done in " + total);
    return new Results(sensorKeyedWrites, timeFirstWrites, latest, between);
  }

  /**
   * Writes the readings minute by minute, every sensor at each minute, as they would arrive live. At the end of
   * each stretch of time, both heat maps record which tablets served the writes.
   */
  private void load(TrafficGenerator traffic, int minutes, WriteHeatMap bySensor, WriteHeatMap byTime)
      throws IOException {
    Stopwatch loading = Stopwatch.start();
    long readings = (long) minutes * traffic.sensors().size();
    try (BufferedMutator sensorKeyed = connection.getBufferedMutator(BY_SENSOR);
        BufferedMutator timeFirst = connection.getBufferedMutator(BY_TIME);
        ProgressBar progress = new ProgressBar("loading readings", readings)) {
      int stretch = 0;
      LocalDateTime stretchStart = TrafficGenerator.FIRST_MINUTE;
      for (int minute = 0; minute < minutes; minute++) {
        for (SpeedReading reading : traffic.nextMinute()) {
          sensorKeyed.mutate(SpeedSchema.toPut(SpeedSchema.sensorKey(reading), reading));
          timeFirst.mutate(SpeedSchema.toPut(SpeedSchema.timeFirstKey(reading), reading));
          progress.advance();
        }
        // Stretches end where the timestamp-first table's tablets do.
        if (minute + 1 == (stretch + 1) * minutes / TABLETS) {
          sensorKeyed.flush();
          timeFirst.flush();
          LocalDateTime stretchEnd = TrafficGenerator.FIRST_MINUTE.plusMinutes(minute);
          String label = stretchEnd.equals(stretchStart) ? SpeedSchema.clock(stretchStart)
              : SpeedSchema.clock(stretchStart) + "-" + SpeedSchema.clock(stretchEnd);
          bySensor.endStretch(label);
          byTime.endStretch(label);
          stretch++;
          stretchStart = stretchEnd.plusMinutes(1);
        }
      }
    }
    out.printf(Locale.ROOT, "Loaded %,d readings (%,d sensors x %,d minutes) into %s and %s in %s, %,.0f readings/s%n",
        readings, traffic.sensors().size(), minutes, BY_SENSOR, BY_TIME, loading,
        readings / Math.max(loading.seconds(), 0.001));
  }

  /** The newest readings of one sensor: one scan of its key prefix, stopped after {@code count} rows. */
  public List<SpeedReading> latestReadings(String highway, int mile, int count) throws IOException {
    Scan scan = new Scan()
        .setStartStopRowForPrefixScan(Bytes.toBytes(SpeedSchema.sensorPrefix(highway, mile)))
        .setLimit(count);
    List<SpeedReading> readings = new ArrayList<>();
    try (Table table = connection.getTable(BY_SENSOR);
        ResultScanner scanner = table.getScanner(scan)) {
      for (Result row : scanner) {
        LocalDateTime time = SpeedSchema.timeOfSensorKey(Bytes.toString(row.getRow()));
        readings.add(new SpeedReading(new Sensor(highway, mile), time, speed(row)));
      }
    }
    return readings;
  }

  /** Every reading of a stretch of highway: one scan from the first mile's rows to the end of the last mile's. */
  public List<MileSpeeds> speedsBetween(String highway, int firstMile, int lastMile) throws IOException {
    Scan scan = new Scan()
        .withStartRow(Bytes.toBytes(SpeedSchema.sensorPrefix(highway, firstMile)))
        .withStopRow(Bytes.toBytes(SpeedSchema.sensorPrefix(highway, lastMile + 1)));
    List<MileSpeeds> miles = new ArrayList<>();
    try (Table table = connection.getTable(BY_SENSOR);
        ResultScanner scanner = table.getScanner(scan)) {
      MileAccumulator current = null;
      for (Result row : scanner) {
        String key = Bytes.toString(row.getRow());
        int mile = Integer.parseInt(key.split("#")[1]);
        if (current == null || current.mile != mile) {
          if (current != null) {
            miles.add(current.speeds());
          }
          // Newest first: the first row of each mile is its latest reading.
          current = new MileAccumulator(mile, speed(row), SpeedSchema.timeOfSensorKey(key));
        }
        current.add(speed(row));
      }
      if (current != null) {
        miles.add(current.speeds());
      }
    }
    return miles;
  }

  private static int speed(Result row) {
    return Integer.parseInt(Bytes.toString(row.getValue(READING, SPEED_MPH)));
  }

  /** The rows of one mile marker as the range scan passes them. */
  private static final class MileAccumulator {
    private final int mile;
    private final int latestMph;
    private final LocalDateTime latestTime;
    private long sumMph;
    private int readings;

    MileAccumulator(int mile, int latestMph, LocalDateTime latestTime) {
      this.mile = mile;
      this.latestMph = latestMph;
      this.latestTime = latestTime;
    }

    void add(int mph) {
      sumMph += mph;
      readings++;
    }

    MileSpeeds speeds() {
      return new MileSpeeds(mile, latestMph, latestTime, (double) sumMph / readings, readings);
    }
  }

  private void printHeatMaps(WriteHeatMap bySensor, WriteHeatMap byTime) {
    out.printf(Locale.ROOT, "%nWrites each tablet served, per stretch of readings (from the server's region "
        + "metrics):%n");
    bySensor.print(out, BY_SENSOR + ", key HIGHWAY#MILE#reverse-timestamp, split by sensor:");
    byTime.print(out, BY_TIME + ", key yyyyMMdd-HHmm#HIGHWAY#MILE, split by time:");
    out.println("  Keyed by sensor, every tablet takes a share of every minute's writes. Keyed by time, all the\n"
        + "  sensors reporting at the same minute write next to each other: one tablet takes them all while the\n"
        + "  others idle, and the hot spot moves on with the clock. More tablets would not help.");
  }

  private void printLatest(List<SpeedReading> latest, Stopwatch took) {
    out.printf(Locale.ROOT, "%nLatest %d readings at %s mile %d: one scan of prefix %s with a limit, %s:%n",
        LATEST_COUNT, HIGHWAY_ASKED, MILE_ASKED, SpeedSchema.sensorPrefix(HIGHWAY_ASKED, MILE_ASKED), took);
    for (SpeedReading reading : latest) {
      out.printf(Locale.ROOT, "  %s  %3d mph   row %s%n", SpeedSchema.clock(reading.time()), reading.speedMph(),
          SpeedSchema.sensorKey(reading));
    }
  }

  private void printBetween(List<MileSpeeds> miles, Stopwatch took) {
    int rows = miles.stream().mapToInt(MileSpeeds::readings).sum();
    out.printf(Locale.ROOT, "%nSpeeds on %s between miles %d and %d: one scan [%s, %s), %,d rows, %s:%n",
        HIGHWAY_ASKED, FIRST_MILE_ASKED, LAST_MILE_ASKED, SpeedSchema.sensorPrefix(HIGHWAY_ASKED, FIRST_MILE_ASKED),
        SpeedSchema.sensorPrefix(HIGHWAY_ASKED, LAST_MILE_ASKED + 1), rows, took);
    for (MileSpeeds mile : miles) {
      out.printf(Locale.ROOT, "  mile %d  %3d mph at %s, %4.1f mph on average over %d readings%n", mile.mile(),
          mile.latestMph(), SpeedSchema.clock(mile.latestTime()), mile.averageMph(), mile.readings());
    }
  }
}
