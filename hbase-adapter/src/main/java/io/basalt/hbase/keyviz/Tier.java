package io.basalt.hbase.keyviz;

import java.time.Duration;

/**
 * The resolutions the Key Visualizer keeps, each for its retention: minutes for six hours, ten minutes for four
 * days, hours for 28 days. Each is kept in files of {@link #chunk} columns' worth of time, so that old columns go a
 * file at a time.
 */
public enum Tier {
  MINUTE("minute", 1, Duration.ofHours(6), Duration.ofHours(1)),
  TEN_MINUTES("ten-minutes", 10, Duration.ofDays(4), Duration.ofDays(1)),
  HOUR("hour", 60, Duration.ofDays(28), Duration.ofDays(7));

  final String directory;
  final int minutes;
  final Duration retention;
  final Duration chunk;

  Tier(String directory, int minutes, Duration retention, Duration chunk) {
    this.directory = directory;
    this.minutes = minutes;
    this.retention = retention;
    this.chunk = chunk;
  }

  /** The tier named so in a query ({@code minute}, {@code ten-minutes}, {@code hour}), or null. */
  public static Tier named(String name) {
    for (Tier tier : values()) {
      if (tier.directory.equals(name)) {
        return tier;
      }
    }
    return null;
  }

  public String queryName() {
    return directory;
  }

  public int minutes() {
    return minutes;
  }

  public Duration retention() {
    return retention;
  }

  /** The start of the interval of this tier that holds {@code millis}. */
  long intervalStart(long millis) {
    long width = minutes * 60_000L;
    return millis - Math.floorMod(millis, width);
  }

  /** The start of the file chunk that holds {@code millis}. */
  long chunkStart(long millis) {
    long width = chunk.toMillis();
    return millis - Math.floorMod(millis, width);
  }
}
