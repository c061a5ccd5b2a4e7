package io.basalt.benchmarks.runner.servers;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * A process's CPU ticks per kind of thread, from Linux's {@code /proc/PID/task}: threads are grouped by name with
 * their numbers dropped ("rpc-io-3-1" and "rpc-io-3-2" are "rpc-io-#-#"), so that a run's server CPU can be told
 * apart into request threads, JIT compilers, garbage collection and background work such as compactions.
 */
public final class ThreadCpu {
  private static final String COMPILER_KIND = "C# CompilerThre";

  private ThreadCpu() {}

  /** Ticks per thread kind; empty if the process is gone. Threads that ended before are not counted. */
  public static Map<String, Long> ticksByKind(long pid) {
    Map<String, Long> ticks = new TreeMap<>();
    try (DirectoryStream<Path> tasks = Files.newDirectoryStream(Path.of("/proc", Long.toString(pid), "task"))) {
      for (Path task : tasks) {
        try {
          String name = Files.readString(task.resolve("comm"), StandardCharsets.UTF_8).strip();
          String[] fields = ProcStats.statFields(task.resolve("stat"));
          if (fields != null) {
            ticks.merge(kind(name), ProcStats.cpuTicks(fields), Long::sum);
          }
        } catch (IOException | RuntimeException e) {
          // the thread ended while being read
        }
      }
    } catch (IOException e) {
      return Map.of();
    }
    return ticks;
  }

  /**
   * The share of the CPU spent between two readings that went to the JVM's JIT compiler threads ("C1
   * CompilerThread0", "C2 CompilerThread1": "C# CompilerThre" once Linux's 15-character names lose their numbers),
   * or -1 when nothing was spent.
   */
  public static double compilerShare(Map<String, Long> before, Map<String, Long> after) {
    Map<String, Long> spent = spentByKind(before, after);
    long total = spent.values().stream().mapToLong(Long::longValue).sum();
    long compiling = spent.entrySet().stream().filter(e -> e.getKey().startsWith(COMPILER_KIND))
        .mapToLong(Map.Entry::getValue).sum();
    return total == 0 ? -1 : (double) compiling / total;
  }

  /** What each kind spent between two readings; a kind whose threads ended meanwhile counts nothing, not less. */
  private static Map<String, Long> spentByKind(Map<String, Long> before, Map<String, Long> after) {
    Map<String, Long> spent = new LinkedHashMap<>();
    after.forEach((kind, ticks) -> spent.put(kind, Math.max(0, ticks - before.getOrDefault(kind, 0L))));
    return spent;
  }

  static String kind(String threadName) {
    return threadName.replaceAll("[0-9]+", "#");
  }

  /**
   * The CPU each kind of thread spent between two readings, largest first, as "kind 1.23 s" items; kinds that
   * spent under a hundredth of the total are left out.
   */
  public static String describeDifference(Map<String, Long> before, Map<String, Long> after) {
    Map<String, Long> spent = spentByKind(before, after);
    long total = spent.values().stream().mapToLong(Long::longValue).sum();
    return spent.entrySet().stream()
        .filter(e -> e.getValue() > 0 && e.getValue() * 100 >= total)
        .sorted(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder()))
        .map(e -> String.format(Locale.ROOT, "%s %.2f s", e.getKey(),
            e.getValue() / (double) ProcStats.TICKS_PER_SECOND))
        .collect(Collectors.joining(", ", String.format(Locale.ROOT, "%.2f s in all: ",
            total / (double) ProcStats.TICKS_PER_SECOND), ""));
  }
}
