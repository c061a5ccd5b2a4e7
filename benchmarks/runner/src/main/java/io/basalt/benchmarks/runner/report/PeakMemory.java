package io.basalt.benchmarks.runner.report;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** The highest resident memory each server reached while each suite loaded it. */
public final class PeakMemory {
  private final Map<String, Long> peaks = new ConcurrentHashMap<>();

  public void record(String server, String suite, long residentBytes) {
    if (residentBytes > 0) {
      peaks.merge(key(server, suite), residentBytes, Math::max);
    }
  }

  public Optional<Long> peak(String server, String suite) {
    return Optional.ofNullable(peaks.get(key(server, suite)));
  }

  private static String key(String server, String suite) {
    return server + "/" + suite;
  }
}
