package io.basalt.benchmarks.load.drive;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * CPU time over exactly the measured part of a run, read on a thread of its own at the window's start and end: the
 * generator's own (its JIT compiling during the warm-up is not the cost of a call) and that of the server processes
 * on this machine, from {@code /proc/<pid>/stat} (a runner reading them around the generator's whole life would also
 * count the warm-up and the stock client's lookups).
 */
final class WindowCpu {
  private final List<Long> pids;
  private final Thread reader;
  private volatile long serverTicks = -1;
  private volatile long ownNanos;

  private WindowCpu(List<Long> pids, RunWindow window) {
    this.pids = List.copyOf(pids);
    this.reader = new Thread(() -> {
      sleepUntil(window.measureFrom());
      long serverStart = serverTicks();
      long ownStart = ownNanos();
      sleepUntil(window.end());
      ownNanos = ownNanos() - ownStart;
      serverTicks = serverTicks() - serverStart;
    }, "window-cpu");
    reader.setDaemon(true);
  }

  /** Watches this process and {@code pids} (may be empty) over {@code window}. */
  static WindowCpu watch(List<Long> pids, RunWindow window) {
    WindowCpu cpu = new WindowCpu(pids, window);
    cpu.reader.start();
    return cpu;
  }

  /** The servers' CPU microseconds over the window (waiting for its end's reading), or -1 if none was watched. */
  double serverMicros() throws InterruptedException {
    reader.join();
    return pids.isEmpty() ? -1 : serverTicks * 1e6 / ticksPerSecond();
  }

  /** This process's CPU microseconds over the window (waiting for its end's reading). */
  double ownMicros() throws InterruptedException {
    reader.join();
    return ownNanos / 1000.0;
  }

  /** The generator JVM's CPU time, all its threads (the collector's too: what the client costs the machine). */
  private static long ownNanos() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }

  private long serverTicks() {
    long sum = 0;
    for (long pid : pids) {
      try {
        String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
        // The command name, field 2, is in parentheses and may hold spaces: count fields after its end.
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        sum += Long.parseLong(fields[11]) + Long.parseLong(fields[12]); // utime and stime, fields 14 and 15
      } catch (IOException e) {
        throw new UncheckedIOException("reading the CPU time of server process " + pid, e);
      }
    }
    return sum;
  }

  /** The kernel's clock ticks a second ({@code getconf CLK_TCK}; 100 on every Linux this runs on). */
  private static long ticksPerSecond() {
    try {
      Process getconf = new ProcessBuilder("getconf", "CLK_TCK").redirectErrorStream(true).start();
      String out = new String(getconf.getInputStream().readAllBytes()).trim();
      if (getconf.waitFor() == 0 && out.matches("\\d+")) {
        return Long.parseLong(out);
      }
      throw new IllegalStateException("getconf CLK_TCK answered " + out);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private static void sleepUntil(long nanos) {
    for (long wait = nanos - System.nanoTime(); wait > 0; wait = nanos - System.nanoTime()) {
      LockSupport.parkNanos(Math.min(wait, TimeUnit.MILLISECONDS.toNanos(100)));
    }
  }
}
