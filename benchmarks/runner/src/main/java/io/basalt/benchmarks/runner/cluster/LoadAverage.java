package io.basalt.benchmarks.runner.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The machine's load averages over 1, 5 and 15 minutes, from Linux's {@code /proc/loadavg}: on a machine shared
 * with other work, what else ran beside a measurement.
 */
public final class LoadAverage {
  private LoadAverage() {}

  /** The 1-minute load average, or -1 if unknown. */
  public static double oneMinute() {
    String load = read();
    try {
      return Double.parseDouble(load.split(" ")[0]);
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  /** "1.02 0.87 0.60", or "unknown". */
  public static String read() {
    try {
      String[] fields = Files.readString(Path.of("/proc/loadavg"), StandardCharsets.US_ASCII).trim().split(" ");
      return fields[0] + " " + fields[1] + " " + fields[2];
    } catch (IOException | RuntimeException e) {
      return "unknown";
    }
  }
}
