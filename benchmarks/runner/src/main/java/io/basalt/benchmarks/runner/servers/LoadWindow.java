package io.basalt.benchmarks.runner.servers;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Watches a server while one client run loads it: samples the server's resident memory every
 * {@value #SAMPLE_MILLIS} ms for the peak, and compares the CPU time the client and the server spent, because on a
 * small machine the client competes with the server for the same cores; and says which of the server's threads
 * spent it, so that a run's figure can be told apart into serving, compiling and background work; and what the
 * other, idle servers spent meanwhile on the same cores. A cluster's figures are the sum over its node processes
 * (memory sampled together, so the peak is the nodes' peak at one moment), and each node's CPU is kept too: the
 * leader of a tablet and its followers do different work.
 */
public final class LoadWindow implements AutoCloseable {
  private static final long SAMPLE_MILLIS = 250;

  private final List<Long> serverPids;
  private final List<Long> serverTicksAtStart;
  private final long clientTicksAtStart;
  private final Map<String, Long> serverThreadTicksAtStart;
  /** The other servers, idle but on the same cores: their background work (compactions, say) competes too. */
  private final Map<ServerUnderTest, Map<String, Long>> bystanderTicksAtStart = new LinkedHashMap<>();
  private final List<String> bystanders = new ArrayList<>();
  private final Thread sampler;
  private volatile long peakResidentBytes;
  private volatile boolean open = true;
  private long serverTicks = -1;
  private final List<Long> ticksByProcess = new ArrayList<>();
  private long clientTicks = -1;
  private String serverThreads = "unknown";
  private double compilerShare = -1;

  private LoadWindow(List<Long> serverPids, List<ServerUnderTest> others) {
    this.serverPids = List.copyOf(serverPids);
    for (ServerUnderTest other : others) {
      bystanderTicksAtStart.put(other, ticksByKind(other.pids()));
    }
    this.serverTicksAtStart = serverPids.stream().map(ProcStats::ownCpuTicks).toList();
    this.clientTicksAtStart = ProcStats.reapedChildrenCpuTicks();
    this.serverThreadTicksAtStart = ticksByKind(serverPids);
    this.peakResidentBytes = residentBytes();
    this.sampler = new Thread(this::sample, "rss-sampler-" + serverPids.get(0));
    sampler.setDaemon(true);
    sampler.start();
  }

  /**
   * Opens a window on the server; run exactly one client process, wait for it, then close the window.
   *
   * @param servers every running server: those other than {@code server} are idle meanwhile, and what they spend
   *     is reported too
   */
  public static LoadWindow open(ServerUnderTest server, List<ServerUnderTest> servers) {
    return new LoadWindow(server.pids(), servers.stream().filter(other -> other != server).toList());
  }

  /** The processes' threads' CPU ticks by kind, summed over the processes. */
  private static Map<String, Long> ticksByKind(List<Long> pids) {
    Map<String, Long> ticks = new TreeMap<>();
    for (long pid : pids) {
      ThreadCpu.ticksByKind(pid).forEach((kind, spent) -> ticks.merge(kind, spent, Long::sum));
    }
    return ticks;
  }

  /** The processes' resident memory together, or -1 once one of them is gone. */
  private long residentBytes() {
    long sum = 0;
    for (long pid : serverPids) {
      long bytes = ProcStats.residentBytes(pid);
      if (bytes < 0) {
        return -1;
      }
      sum += bytes;
    }
    return sum;
  }

  private void sample() {
    while (open) {
      peakResidentBytes = Math.max(peakResidentBytes, residentBytes());
      try {
        Thread.sleep(SAMPLE_MILLIS);
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  public long peakResidentBytes() {
    return peakResidentBytes;
  }

  /** The client's share of the CPU time client and server spent in the window, or -1 when unknown. */
  public double clientCpuShare() {
    if (serverTicks < 0 || clientTicks < 0 || serverTicks + clientTicks == 0) {
      return -1;
    }
    return (double) clientTicks / (serverTicks + clientTicks);
  }

  /** CPU time the server spent in the window, in microseconds, or -1 when unknown. */
  public double serverCpuMicros() {
    return serverTicks < 0 ? -1 : serverTicks * 1_000_000.0 / ProcStats.TICKS_PER_SECOND;
  }

  /**
   * CPU time each of the server's processes spent in the window, in microseconds and in {@link ServerUnderTest#pids}
   * order (-1 for one that could not be read); meaningful once closed.
   */
  public List<Double> cpuMicrosByProcess() {
    return ticksByProcess.stream().map(ticks -> ticks < 0 ? -1 : ticks * 1_000_000.0 / ProcStats.TICKS_PER_SECOND)
        .toList();
  }

  /**
   * The lines a run's log ends with: the server's CPU in the window by kind of thread, largest first, and what the
   * other servers spent meanwhile; meaningful once closed.
   */
  public List<String> cpuByThreadLines() {
    List<String> lines = new ArrayList<>(List.of("server CPU by thread: " + serverThreads,
        "other servers' CPU meanwhile: " + (bystanders.isEmpty() ? "none" : String.join("; ", bystanders))));
    if (serverPids.size() > 1) {
      List<String> processes = new ArrayList<>();
      for (int process = 0; process < serverPids.size(); process++) {
        long ticks = process < ticksByProcess.size() ? ticksByProcess.get(process) : -1;
        processes.add(String.format(Locale.ROOT, "pid %d %s", serverPids.get(process),
            ticks < 0 ? "unknown" : String.format(Locale.ROOT, "%.2f s", ticks / (double) ProcStats.TICKS_PER_SECOND)));
      }
      lines.add("server CPU by process: " + String.join(", ", processes));
    }
    return lines;
  }

  /** The share of the server's CPU in the window its JIT compilers took, or -1 when unknown; once closed. */
  public double serverCompilerShare() {
    return compilerShare;
  }

  @Override
  public void close() {
    if (!open) {
      return;
    }
    open = false;
    sampler.interrupt();
    try {
      sampler.join(1_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    List<Long> serverNow = serverPids.stream().map(ProcStats::ownCpuTicks).toList();
    Map<String, Long> serverThreadTicksNow = ticksByKind(serverPids);
    if (!serverThreadTicksNow.isEmpty()) {
      serverThreads = ThreadCpu.describeDifference(serverThreadTicksAtStart, serverThreadTicksNow);
      compilerShare = ThreadCpu.compilerShare(serverThreadTicksAtStart, serverThreadTicksNow);
    }
    bystanderTicksAtStart.forEach((other, before) -> bystanders.add(other.name() + ": "
        + ThreadCpu.describeDifference(before, ticksByKind(other.pids()))));
    long clientNow = ProcStats.reapedChildrenCpuTicks();
    long sum = 0;
    for (int process = 0; process < serverPids.size(); process++) {
      long before = serverTicksAtStart.get(process);
      long now = serverNow.get(process);
      long spent = before >= 0 && now >= 0 ? now - before : -1;
      ticksByProcess.add(spent);
      sum = sum < 0 || spent < 0 ? -1 : sum + spent;
    }
    serverTicks = sum;
    if (clientTicksAtStart >= 0 && clientNow >= 0) {
      clientTicks = clientNow - clientTicksAtStart;
    }
  }
}
