package io.basalt.benchmarks.runner;

import java.time.LocalTime;
import java.time.temporal.ChronoUnit;

/** One line per finished step on standard error, so a long run shows where it is. */
final class Progress {
  private Progress() {}

  static void say(String format, Object... args) {
    System.err.println(LocalTime.now().truncatedTo(ChronoUnit.SECONDS) + " " + String.format(format, args));
  }
}
