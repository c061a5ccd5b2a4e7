package io.basalt.benchmarks.runner.cluster;

import io.basalt.benchmarks.runner.servers.ProcStats;
import io.basalt.benchmarks.runner.servers.ServerUnderTest;
import java.time.Duration;
import java.util.Locale;

/**
 * What a server spends with no client at all, summed over its processes: a cluster keeps every Raft group's
 * heartbeats going (each leader to each follower, twice per minimum election timeout) and its ZooKeeper ensemble
 * ticking, so part of its CPU per operation in a slow run is this, spread over few operations.
 */
final class IdleCpu {
  private IdleCpu() {}

  /** CPU milliseconds per second of wall time over {@code window}, or -1 if a process could not be read. */
  static double millisPerSecond(ServerUnderTest server, Duration window) throws InterruptedException {
    long before = ticks(server);
    long started = System.nanoTime();
    Thread.sleep(window.toMillis()); // the measurement's window, not a wait for a condition
    long after = ticks(server);
    double seconds = (System.nanoTime() - started) / 1e9;
    if (before < 0 || after < 0) {
      return -1;
    }
    return (after - before) * 1000.0 / ProcStats.TICKS_PER_SECOND / seconds;
  }

  static String describe(ServerUnderTest server, double millisPerSecond) {
    return millisPerSecond < 0 ? server.name() + " unknown"
        : String.format(Locale.ROOT, "%s %.0f ms of CPU per second", server.name(), millisPerSecond);
  }

  private static long ticks(ServerUnderTest server) {
    long sum = 0;
    for (long pid : server.pids()) {
      long ticks = ProcStats.ownCpuTicks(pid);
      if (ticks < 0) {
        return -1;
      }
      sum += ticks;
    }
    return sum;
  }
}
