package io.basalt.benchmarks.runner.report;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Properties;

/** What a run ran on and with: the machine (cores, memory, CPU model), the OS, Java and every versioned piece. */
public record Environment(int cores, long memoryBytes, String cpuModel, String os, String java, String basalt,
    String commit, String hbase, String ycsb, String jmh) {

  /** Describes this machine; {@code commit} names the Basalt source that was built. */
  public static Environment describe(String commit) throws IOException {
    Properties versions = new Properties();
    try (InputStream in = Environment.class.getResourceAsStream("/benchmark-versions.properties")) {
      if (in == null) {
        throw new IOException("benchmark-versions.properties is missing from the runner's classpath");
      }
      versions.load(in);
    }
    return new Environment(Runtime.getRuntime().availableProcessors(), readMemoryBytes(), readCpuModel(),
        System.getProperty("os.name") + " " + System.getProperty("os.version"),
        System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"),
        versions.getProperty("basalt"), commit, versions.getProperty("hbase"), versions.getProperty("ycsb"),
        versions.getProperty("jmh"));
  }

  /** The machine as the reports' first line states it: "2 cores (CPU model), 23.5 GiB memory, Linux 6.1". */
  public String machine() {
    return String.format(Locale.ROOT, "%d cores (%s), %.1f GiB memory, %s", cores, cpuModel,
        memoryBytes / (double) (1L << 30), os);
  }

  private static long readMemoryBytes() {
    for (String line : lines("/proc/meminfo")) {
      if (line.startsWith("MemTotal:")) {
        return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
      }
    }
    return -1;
  }

  private static String readCpuModel() {
    for (String line : lines("/proc/cpuinfo")) {
      if (line.startsWith("model name")) {
        return line.substring(line.indexOf(':') + 1).trim();
      }
    }
    return "unknown CPU";
  }

  private static List<String> lines(String file) {
    try {
      return Files.readAllLines(Path.of(file), StandardCharsets.UTF_8);
    } catch (IOException e) {
      return List.of();
    }
  }
}
