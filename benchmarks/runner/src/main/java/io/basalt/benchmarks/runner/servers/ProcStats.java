package io.basalt.benchmarks.runner.servers;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Resource use of processes from Linux's {@code /proc}: resident memory, and CPU time in clock ticks of
 * {@link #TICKS_PER_SECOND}.
 */
public final class ProcStats {
  /** The kernel's clock tick rate for {@code /proc} CPU times ({@code getconf CLK_TCK}; 100 on every common Linux). */
  public static final long TICKS_PER_SECOND = readTicksPerSecond();

  private ProcStats() {}

  /** Resident set size ({@code VmRSS}) in bytes, or -1 once the process is gone. */
  public static long residentBytes(long pid) {
    try {
      for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"), StandardCharsets.UTF_8)) {
        if (line.startsWith("VmRSS:")) {
          return Long.parseLong(line.substring("VmRSS:".length()).replace("kB", "").trim()) * 1024;
        }
      }
      return -1;
    } catch (IOException | NumberFormatException e) {
      return -1;
    }
  }

  /** User plus system CPU ticks the process has used itself. */
  public static long ownCpuTicks(long pid) {
    String[] fields = statFields(pid);
    return fields == null ? -1 : cpuTicks(fields);
  }

  /** User plus system CPU ticks in the fields of a {@code stat} file, a process's or one of its threads'. */
  static long cpuTicks(String[] statFields) {
    return Long.parseLong(statFields[13]) + Long.parseLong(statFields[14]);
  }

  /**
   * CPU ticks used by the children this process has waited for: the runner's finished client JVMs. The difference
   * across one client run is that client's CPU time.
   */
  public static long reapedChildrenCpuTicks() {
    String[] fields = statFields(ProcessHandle.current().pid());
    return fields == null ? -1 : Long.parseLong(fields[15]) + Long.parseLong(fields[16]);
  }

  /** The fields of {@code /proc/PID/stat}, numbered from 0; the command name (which may hold spaces) is skipped. */
  private static String[] statFields(long pid) {
    return statFields(Path.of("/proc", Long.toString(pid), "stat"));
  }

  /** The fields of a {@code stat} file as {@link #statFields(long)} numbers them, or null if it cannot be read. */
  static String[] statFields(Path statFile) {
    try {
      String stat = Files.readString(statFile, StandardCharsets.UTF_8);
      String afterName = stat.substring(stat.lastIndexOf(')') + 2);
      String[] rest = afterName.trim().split(" ");
      String[] fields = new String[rest.length + 2];
      System.arraycopy(rest, 0, fields, 2, rest.length);
      return fields;
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  private static long readTicksPerSecond() {
    try {
      Process getconf = new ProcessBuilder("getconf", "CLK_TCK").redirectErrorStream(true).start();
      String answer = new String(getconf.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
      return getconf.waitFor() == 0 ? Long.parseLong(answer) : 100;
    } catch (IOException | NumberFormatException e) {
      return 100;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return 100;
    }
  }
}
