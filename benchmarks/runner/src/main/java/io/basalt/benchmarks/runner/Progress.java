package io.basalt.benchmarks.runner;

import java.time.LocalTime;
import java.time.format.DateTimeFormatter;

/** One line per finished step on standard error, so a long run shows where it is. */
public final class Progress {
  // LocalTime's own toString drops the seconds when they are zero.
  private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss");

  private Progress() {}

  public static void say(String format, Object... args) {
    System.err.println(TIME.format(LocalTime.now()) + " " + String.format(format, args));
  }
}
