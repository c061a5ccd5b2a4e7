package io.basalt.benchmarks.load.drive;

import io.basalt.benchmarks.load.requests.Operation;
import io.basalt.benchmarks.load.requests.RequestEncoder;
import io.basalt.benchmarks.load.requests.RequestPool;
import io.basalt.benchmarks.load.table.RegionPlace;
import io.basalt.benchmarks.load.wire.LeanConnection;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import org.HdrHistogram.Histogram;

/**
 * One run of one operation against the servers of a table's regions: {@code connections} connections to each
 * server, each driven in a closed loop of {@code inFlight} calls by a thread of its own, or all paced together at a
 * fixed total rate; the connections' tallies merged at the end.
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
      List<CallTally> tallies = new ArrayList<>();
      for (int i = 0; i < total; i++) {
        tallies.add(new CallTally(shape.operation(), shape.checked(), window));
      }
      WindowCpu cpu = WindowCpu.watch(serverPids, window);
      boolean overloaded = false;
      if (shape.callsPerSecond() > 0) {
        overloaded = new FixedRate(connections, pools, tallies, shape.callsPerSecond(), window, seed).drive();
      } else {
        List<ClosedLoop> loops = new ArrayList<>();
        for (int i = 0; i < total; i++) {
          loops.add(new ClosedLoop(connections.get(i), pools.get(i), shape.inFlight(), window, tallies.get(i),
              seed + i));
        }
        driveClosedLoops(loops);
      }
      return result(shape, window, tallies, overloaded, cpu.ownMicros(), cpu.serverMicros());
    } finally {
      for (LeanConnection connection : connections) {
        connection.close();
      }
    }
  }

  private static void driveClosedLoops(List<ClosedLoop> loops) throws IOException, InterruptedException {
    ExecutorService threads = DaemonThreads.pool(loops.size(), "load-connection");
    try {
      List<Future<Void>> running = new ArrayList<>();
      for (ClosedLoop loop : loops) {
        running.add(threads.submit(() -> {
          loop.drive();
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
  }

  private static LoadResult result(Shape shape, RunWindow window, List<CallTally> tallies, boolean overloaded,
      double clientMicros, double serverMicros) {
    Histogram latencies = new Histogram(3);
    long failed = 0;
    long wrong = 0;
    String firstProblem = null;
    for (CallTally tally : tallies) {
      latencies.add(tally.latencies);
      failed += tally.failed;
      wrong += tally.wrong;
      if (firstProblem == null) {
        firstProblem = tally.firstWrong != null ? tally.firstWrong : tally.firstFailure;
      }
    }
    String mode = shape.callsPerSecond() > 0 ? "rate" : "closed";
    return new LoadResult(shape.operation(), mode, window.measuredSeconds(), latencies, failed, wrong, firstProblem,
        overloaded, latencies.getTotalCount() == 0 ? -1 : clientMicros / latencies.getTotalCount(),
        serverMicros < 0 || latencies.getTotalCount() == 0 ? -1 : serverMicros / latencies.getTotalCount());
  }
}
