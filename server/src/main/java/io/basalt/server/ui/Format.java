package io.basalt.server.ui;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/** How the pages write numbers, sizes, times and durations. */
final class Format {
  private static final ZoneId ZONE = ZoneId.systemDefault();
  private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ROOT)
      .withZone(ZONE);
  private static final String[] UNITS = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};

  private Format() {}

  /** The zone the pages' times are in. */
  static String zone() {
    return ZONE.getId();
  }

  /** {@code count} things, singular or plural: 1 snapshot, 2 snapshots. */
  static String count(long count, String thing) {
    return count(count) + " " + thing + (count == 1 ? "" : "s");
  }

  static String count(long value) {
    return String.format(Locale.ROOT, "%,d", value);
  }

  static String rate(double perSecond) {
    return String.format(Locale.ROOT, "%,.1f", perSecond);
  }

  /** Bytes in binary units, to three significant figures or so: 0 B, 812 B, 4.2 KiB, 17.0 MiB. */
  static String bytes(long bytes) {
    if (bytes < 1024) {
      return bytes + " B";
    }
    double value = bytes;
    int unit = 0;
    while (value >= 1024 && unit < UNITS.length - 1) {
      value /= 1024;
      unit++;
    }
    return String.format(Locale.ROOT, value < 100 ? "%.1f %s" : "%.0f %s", value, UNITS[unit]);
  }

  /** A time in this server's zone (the footer names it); "never" for 0 (a time not recorded). */
  static String time(long millis) {
    return millis <= 0 ? "never" : TIME.format(Instant.ofEpochMilli(millis));
  }

  /** A duration as days, hours, minutes and seconds, the two largest that apply: 3 d 4 h, 5 min 6 s, 0.2 s. */
  static String duration(long millis) {
    if (millis < 10_000) {
      return String.format(Locale.ROOT, "%.1f s", Math.max(0, millis) / 1000.0);
    }
    long seconds = millis / 1000;
    long days = seconds / 86_400;
    long hours = seconds % 86_400 / 3600;
    long minutes = seconds % 3600 / 60;
    long rest = seconds % 60;
    if (days > 0) {
      return days + " d " + hours + " h";
    }
    if (hours > 0) {
      return hours + " h " + minutes + " min";
    }
    return minutes > 0 ? minutes + " min " + rest + " s" : rest + " s";
  }
}
