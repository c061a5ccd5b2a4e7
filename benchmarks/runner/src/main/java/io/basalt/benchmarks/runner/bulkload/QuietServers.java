package io.basalt.benchmarks.runner.bulkload;

import io.basalt.benchmarks.runner.servers.ProcStats;
import io.basalt.benchmarks.runner.servers.ServerUnderTest;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * Waits, before each load, until no server is still working on the one before: a million puts leave memtable
 * flushes and compactions running for a while on either server, and a dropped HBase table's files are archived in
 * the background; measured beside them, the next load would pay for them on the same two cores. A server is quiet
 * once it used under {@value #QUIET_MILLIS_PER_SECOND} ms of CPU in the last second (an idle HBase's chores and an
 * idle Basalt's stay below that); the wait ends at {@link #LONGEST_WAIT} whatever they do, and says so.
 */
final class QuietServers {
  static final Duration LONGEST_WAIT = Duration.ofSeconds(120);
  private static final long QUIET_MILLIS_PER_SECOND = 100;
  private static final long POLL_MILLIS = 1_000;

  private QuietServers() {}

  /** Returns a line saying how long it waited, and whether the servers became quiet. */
  static String await(List<ServerUnderTest> servers) throws InterruptedException {
    long started = System.nanoTime();
    long deadline = started + LONGEST_WAIT.toNanos();
    long[] before = ticks(servers);
    while (true) {
      Thread.sleep(POLL_MILLIS); // one sampling period of the CPU reading, not a wait for the condition itself
      long[] now = ticks(servers);
      boolean quiet = true;
      StringBuilder busiest = new StringBuilder();
      for (int i = 0; i < servers.size(); i++) {
        long millis = (now[i] - before[i]) * 1000 / ProcStats.TICKS_PER_SECOND;
        if (before[i] >= 0 && now[i] >= 0 && millis >= QUIET_MILLIS_PER_SECOND) {
          quiet = false;
          busiest.append(busiest.length() == 0 ? "" : ", ").append(servers.get(i).name()).append(' ')
              .append(millis).append(" ms/s");
        }
      }
      double waited = (System.nanoTime() - started) / 1e9;
      if (quiet) {
        return String.format(Locale.ROOT, "servers quiet after %.0f s", waited);
      }
      if (System.nanoTime() > deadline) {
        return String.format(Locale.ROOT, "servers still busy after %.0f s (%s); measured anyway", waited, busiest);
      }
      before = now;
    }
  }

  private static long[] ticks(List<ServerUnderTest> servers) {
    long[] ticks = new long[servers.size()];
    for (int i = 0; i < servers.size(); i++) {
      long sum = 0;
      for (long pid : servers.get(i).pids()) {
        long own = ProcStats.ownCpuTicks(pid);
        sum = sum < 0 || own < 0 ? -1 : sum + own;
      }
      ticks[i] = sum;
    }
    return ticks;
  }
}
