package io.basalt.benchmarks.runner.servers;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Watches a server while one client run loads it: samples the server's resident memory every
 * {@value #SAMPLE_MILLIS} ms for the peak, and compares the CPU time the client and the server spent, because on a
 * small machine the client competes with the server for the same cores; and says which of the server's threads
 * spent it, so that a run's figure can be told apart into serving, compiling and background work; and what the
 * other, idle servers spent meanwhile on the same cores.
 */
public final class LoadWindow implements AutoCloseable {
  private static final long SAMPLE_MILLIS = 250;

  private final long serverPid;
  private final long serverTicksAtStart;
  private final long clientTicksAtStart;
  private final Map<String, Long> serverThreadTicksAtStart;
  /** The other servers, idle but on the same cores: their background work (compactions, say) competes too. */
  private final Map<ServerUnderTest, Map<String, Long>> bystanderTicksAtStart = new LinkedHashMap<>();
  private final List<String> bystanders = new ArrayList<>();
  private final Thread sampler;
  private volatile long peakResidentBytes;
  private volatile boolean open = true;
  private long serverTicks = -1;
  private long clientTicks = -1;
  private String serverThreads = "unknown";
  private double compilerShare = -1;

  private LoadWindow(long serverPid, List<ServerUnderTest> others) {
    this.serverPid = serverPid;
    for (ServerUnderTest other : others) {
      bystanderTicksAtStart.put(other, ThreadCpu.ticksByKind(other.pid()));
    }
    this.serverTicksAtStart = ProcStats.ownCpuTicks(serverPid);
    this.clientTicksAtStart = ProcStats.reapedChildrenCpuTicks();
    this.serverThreadTicksAtStart = ThreadCpu.ticksByKind(serverPid);
    this.peakResidentBytes = ProcStats.residentBytes(serverPid);
    this.sampler = new Thread(this::sample, "rss-sampler-" + serverPid);
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
    return new LoadWindow(server.pid(), servers.stream().filter(other -> other != server).toList());
  }

  private void sample() {
    while (open) {
      peakResidentBytes = Math.max(peakResidentBytes, ProcStats.residentBytes(serverPid));
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
   * The lines a run's log ends with: the server's CPU in the window by kind of thread, largest first, and what the
   * other servers spent meanwhile; meaningful once closed.
   */
  public List<String> cpuByThreadLines() {
    return List.of("server CPU by thread: " + serverThreads,
        "other servers' CPU meanwhile: " + (bystanders.isEmpty() ? "none" : String.join("; ", bystanders)));
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
    long serverNow = ProcStats.ownCpuTicks(serverPid);
    Map<String, Long> serverThreadTicksNow = ThreadCpu.ticksByKind(serverPid);
    if (!serverThreadTicksNow.isEmpty()) {
      serverThreads = ThreadCpu.describeDifference(serverThreadTicksAtStart, serverThreadTicksNow);
      compilerShare = ThreadCpu.compilerShare(serverThreadTicksAtStart, serverThreadTicksNow);
    }
    bystanderTicksAtStart.forEach((other, before) -> bystanders.add(other.name() + ": "
        + ThreadCpu.describeDifference(before, ThreadCpu.ticksByKind(other.pid()))));
    long clientNow = ProcStats.reapedChildrenCpuTicks();
    if (serverTicksAtStart >= 0 && serverNow >= 0) {
      serverTicks = serverNow - serverTicksAtStart;
    }
    if (clientTicksAtStart >= 0 && clientNow >= 0) {
      clientTicks = clientNow - clientTicksAtStart;
    }
  }
}
