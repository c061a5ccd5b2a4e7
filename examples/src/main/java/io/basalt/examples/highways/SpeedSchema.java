package io.basalt.examples.highways;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The two tables of speed readings and their row keys. Both hold the same readings in one family.
 * <ul>
 *   <li>{@code highway_speeds}: {@code HIGHWAY#MILE#reverse-timestamp}, e.g. {@code I35#0347#9223370325...}. The
 *       common questions name a highway and a mile, so those come first; a sensor's readings are then ordered
 *       newest first, because the newest readings are the ones asked for.</li>
 *   <li>{@code highway_speeds_by_time}: {@code yyyyMMdd-HHmm#HIGHWAY#MILE}, the timestamp first: the design to
 *       avoid, because every sensor reporting at the same minute writes next to every other.</li>
 * </ul>
 */
public final class SpeedSchema {
  public static final TableName BY_SENSOR = TableName.valueOf("highway_speeds");
  public static final TableName BY_TIME = TableName.valueOf("highway_speeds_by_time");

  public static final byte[] READING = Bytes.toBytes("reading");
  public static final byte[] SPEED_MPH = Bytes.toBytes("speed_mph");
  public static final byte[] TIME = Bytes.toBytes("time");

  private static final DateTimeFormatter MINUTE = DateTimeFormatter.ofPattern("yyyyMMdd-HHmm", Locale.ROOT);
  private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm", Locale.ROOT);

  private SpeedSchema() {}

  public static TableDescriptor descriptor(TableName name) {
    return TableDescriptorBuilder.newBuilder(name)
        .setColumnFamily(ColumnFamilyDescriptorBuilder.of(READING))
        // Basalt, like Bigtable, splits a tablet that stays hot for a minute. Keep the pre-split tablets as they
        // are while the example counts requests per tablet.
        .setSplitEnabled(false)
        .build();
  }

  /** {@code I35#0347#}: the mile zero-padded, so that mile 99 sorts before mile 100. */
  public static String sensorPrefix(Sensor sensor) {
    return sensorPrefix(sensor.highway(), sensor.mile());
  }

  public static String sensorPrefix(String highway, int mile) {
    return String.format(Locale.ROOT, "%s#%04d#", highway, mile);
  }

  /** {@code I35#0347#9223370325...}: newest readings first within a sensor. */
  public static String sensorKey(SpeedReading reading) {
    return sensorPrefix(reading.sensor()) + reverseTimestamp(reading.time());
  }

  /** {@code 20240321-0715#I35#0347}. */
  public static String timeFirstKey(SpeedReading reading) {
    return minute(reading.time()) + "#" + reading.sensor().highway() + String.format(Locale.ROOT, "#%04d",
        reading.sensor().mile());
  }

  /**
   * Rows sort in ascending order only. Subtracting the time from the largest long turns "newest" into "smallest";
   * padded to 19 digits, the text sorts like the number.
   */
  static String reverseTimestamp(LocalDateTime time) {
    long millis = time.toInstant(ZoneOffset.UTC).toEpochMilli();
    return String.format(Locale.ROOT, "%019d", Long.MAX_VALUE - millis);
  }

  /** The time a {@code highway_speeds} row key was written for. */
  public static LocalDateTime timeOfSensorKey(String rowKey) {
    long reversed = Long.parseLong(rowKey.substring(rowKey.lastIndexOf('#') + 1));
    return LocalDateTime.ofInstant(Instant.ofEpochMilli(Long.MAX_VALUE - reversed), ZoneOffset.UTC);
  }

  public static String minute(LocalDateTime time) {
    return MINUTE.format(time);
  }

  public static String clock(LocalDateTime time) {
    return CLOCK.format(time);
  }

  public static Put toPut(String rowKey, SpeedReading reading) {
    return new Put(Bytes.toBytes(rowKey))
        .addColumn(READING, SPEED_MPH, Bytes.toBytes(Integer.toString(reading.speedMph())))
        .addColumn(READING, TIME, Bytes.toBytes(minute(reading.time())));
  }

  /** Split keys cutting {@code highway_speeds} into {@code regions} tablets with equally many sensors each. */
  public static byte[][] sensorSplits(List<Sensor> sensorsInKeyOrder, int regions) {
    byte[][] splits = new byte[regions - 1][];
    for (int i = 1; i < regions; i++) {
      splits[i - 1] = Bytes.toBytes(sensorPrefix(sensorsInKeyOrder.get(i * sensorsInKeyOrder.size() / regions)));
    }
    return splits;
  }

  /**
   * Split keys cutting {@code highway_speeds_by_time} into {@code regions} tablets covering equally long stretches
   * of the {@code minutes} from {@code first}: the best a timestamp-first table can be split.
   */
  public static byte[][] timeSplits(LocalDateTime first, int minutes, int regions) {
    byte[][] splits = new byte[regions - 1][];
    for (int i = 1; i < regions; i++) {
      splits[i - 1] = Bytes.toBytes(minute(first.plusMinutes((long) i * minutes / regions)));
    }
    return splits;
  }
}
