package io.basalt.benchmarks.load.drive;

import io.basalt.benchmarks.load.requests.Operation;
import io.basalt.benchmarks.load.requests.RequestEncoder;
import io.basalt.benchmarks.load.requests.RequestPool;
import io.basalt.benchmarks.load.table.RegionPlace;
import io.basalt.benchmarks.load.wire.LeanConnection;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.HdrHistogram.Histogram;

/**
 * One run of one operation against the servers of a table's regions: {@code connections} connections to each
 * server, each driven in a closed loop of {@code inFlight} calls or at its share of a fixed total rate, each with a
 * thread of its own; the connections' tallies merged at the end.
 */
public final class LoadRun {
  /** How a run's connections are driven: a closed loop ({@code callsPerSecond} 0) or a fixed total rate. */
  public record Shape(Operation operation, int connections, int inFlight, double callsPerSecond, Duration warmup,
      Duration measured, boolean checked, String user) {}

  /**
   * Runs {@code shape} against {@code regions}' servers; {@code serverPids} (may be empty) are the server processes
   * on this machine whose CPU over the measured part is reported per call.
   */

  private LoadRun() {}

  public static LoadResult run(Shape shape, List<RegionPlace> regions, List<Long> serverPids, long seed)
      throws IOException, InterruptedException {
    Map<String, List<RegionPlace>> byServer = new LinkedHashMap<>();
    for (RegionPlace region : regions) {
      byServer.computeIfAbsent(region.server(), unused -> new ArrayList<>()).add(region);
    }
    int total = shape.connections() * byServer.size();
    List<LeanConnection> connections = new ArrayList<>();
    List<RequestPool> pools = new ArrayList<>();
    try {
      for (List<RegionPlace> served : byServer.values()) {
        RequestPool pool = RequestPool.of(shape.operation(), new RequestEncoder(served), seed);
        for (int i = 0; i < shape.connections(); i++) {
          connections.add(new LeanConnection(new InetSocketAddress(served.get(0).host(), served.get(0).port()),
              shape.user()));
          pools.add(pool);
        }
      }
      RunWindow window = RunWindow.startingNow(shape.warmup(), shape.measured());
      List<ConnectionDriver> drivers = new ArrayList<>();
      for (int i = 0; i < total; i++) {
        CallTally tally = new CallTally(shape.operation(), shape.checked(), window);
        drivers.add(shape.callsPerSecond() > 0
            ? new FixedRate(connections.get(i), pools.get(i), shape.callsPerSecond() / total, window, tally, seed + i)
            : new ClosedLoop(connections.get(i), pools.get(i), shape.inFlight(), window, tally, seed + i));
      }
      return drive(shape, window, drivers, ServerCpu.watch(serverPids, window));
    } finally {
      for (LeanConnection connection : connections) {
        connection.close();
      }
    }
  }

  private static LoadResult drive(Shape shape, RunWindow window, List<ConnectionDriver> drivers, ServerCpu serverCpu)
      throws IOException, InterruptedException {
    ExecutorService threads = Executors.newFixedThreadPool(drivers.size(), runnable -> {
      Thread thread = new Thread(runnable, "load-connection");
      thread.setDaemon(true);
      return thread;
    });
    long cpuBefore = processCpuNanos();
    try {
      List<Future<Void>> running = new ArrayList<>();
      for (ConnectionDriver driver : drivers) {
        running.add(threads.submit(() -> {
          driver.drive();
          return null;
        }));
      }
      for (Future<Void> future : running) {
        future.get();
      }
    } catch (ExecutionException e) {
      throw new IOException("a connection failed: " + e.getCause(), e.getCause());
    } finally {
      threads.shutdownNow();
    }
    long cpu = processCpuNanos() - cpuBefore;
    Histogram latencies = new Histogram(3);
    long failed = 0;
    long wrong = 0;
    long all = 0;
    String firstProblem = null;
    boolean overloaded = false;
    for (ConnectionDriver driver : drivers) {
      CallTally tally = driver.tally();
      latencies.add(tally.latencies);
      failed += tally.failed;
      wrong += tally.wrong;
      all += tally.all;
      if (firstProblem == null) {
        firstProblem = tally.firstWrong != null ? tally.firstWrong : tally.firstFailure;
      }
      overloaded |= driver instanceof FixedRate fixed && fixed.overloaded;
    }
    String mode = shape.callsPerSecond() > 0 ? "rate" : "closed";
    double serverMicros = serverCpu.micros();
    return new LoadResult(shape.operation(), mode, window.measuredSeconds(), latencies, failed, wrong, firstProblem,
        overloaded, all == 0 ? 0 : cpu / 1000.0 / all,
        serverMicros < 0 || latencies.getTotalCount() == 0 ? -1 : serverMicros / latencies.getTotalCount());
  }

  /** The generator JVM's CPU time, all its threads (the JIT and collector too: what the client costs the machine). */
  private static long processCpuNanos() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }
}
