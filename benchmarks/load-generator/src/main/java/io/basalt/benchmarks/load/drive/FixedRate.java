package io.basalt.benchmarks.load.drive;

import io.basalt.benchmarks.load.requests.RequestPool;
import io.basalt.benchmarks.load.wire.Answer;
import io.basalt.benchmarks.load.wire.EncodedRequest;
import io.basalt.benchmarks.load.wire.LeanConnection;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Connections sent calls at a fixed total rate, whatever the answers do: this thread paces the calls, each due at
 * its own instant, and a thread per connection reads the answers. A call's latency counts from when it was due, not
 * from when it went out, so a server that falls behind shows in the latencies instead of slowing the load down
 * (coordinated omission). The pacer wakes at most every {@value #MIN_WAKE_MICROS} µs and sends every call due by
 * then through one connection in one write, the connections taking turns: waking for each call on its own cost the
 * generator 23-41 µs of CPU a call at 20,000-30,000 gets a second here, more than the server's own 25 µs. A run
 * with more calls outstanding on a connection than it can track has overloaded the server and stops sending.
 */
final class FixedRate {
  private static final long MIN_WAKE_MICROS = 100;

  private final List<LeanConnection> connections;
  private final List<RequestPool> pools;
  private final List<CallTally> tallies;
  private final List<Outstanding> outstanding = new ArrayList<>();
  private final double callsPerSecond;
  private final RunWindow window;
  private final SplittableRandom random;
  private static final int ANSWER_WAIT_SECONDS = 60;
  private volatile boolean answered;
  private boolean overloaded;

  FixedRate(List<LeanConnection> connections, List<RequestPool> pools, List<CallTally> tallies,
      double callsPerSecond, RunWindow window, long seed) {
    this.connections = List.copyOf(connections);
    this.pools = List.copyOf(pools);
    this.tallies = List.copyOf(tallies);
    for (int i = 0; i < connections.size(); i++) {
      outstanding.add(new Outstanding());
    }
    this.callsPerSecond = callsPerSecond;
    this.window = window;
    this.random = new SplittableRandom(seed);
  }

  /** Sends until the window's end and returns once every answer is in; true if the server was overloaded. */
  boolean drive() throws IOException, InterruptedException {
    ExecutorService readers = DaemonThreads.pool(connections.size(), "load-reader");
    try {
      List<Future<Void>> reading = new ArrayList<>();
      for (int i = 0; i < connections.size(); i++) {
        int index = i;
        reading.add(readers.submit(() -> {
          read(index);
          return null;
        }));
      }
      pace();
      awaitAnswers();
      for (Future<Void> future : reading) {
        future.get();
      }
    } catch (ExecutionException e) {
      throw new IOException("reading answers failed: " + e.getCause(), e.getCause());
    } finally {
      readers.shutdownNow();
    }
    return overloaded;
  }

  private void pace() throws IOException {
    double intervalNanos = 1e9 / callsPerSecond;
    long minWakeNanos = TimeUnit.MICROSECONDS.toNanos(MIN_WAKE_MICROS);
    int[] callIds = new int[connections.size()];
    int turn = 0;
    long k = 0;
    while (true) {
      long now = System.nanoTime();
      long due = window.start() + (long) (k * intervalNanos);
      if (due >= window.end()) {
        return;
      }
      if (due > now) {
        LockSupport.parkNanos(Math.max(due - now, minWakeNanos));
        continue;
      }
      LeanConnection connection = connections.get(turn);
      Outstanding calls = outstanding.get(turn);
      for (; due <= now && due < window.end(); due = window.start() + (long) (++k * intervalNanos)) {
        EncodedRequest request = pools.get(turn).next(random);
        int callId = callIds[turn];
        if (calls.count() >= Outstanding.capacity() / 2 || !calls.add(callId, due, request)) {
          overloaded = true;
          connection.flush();
          return;
        }
        connection.write(request, callId);
        callIds[turn] = (callId + 1) & Integer.MAX_VALUE;
      }
      connection.flush();
      turn = (turn + 1) % connections.size();
    }
  }

  private void read(int index) throws IOException {
    LeanConnection connection = connections.get(index);
    Outstanding calls = outstanding.get(index);
    CallTally tally = tallies.get(index);
    while (true) {
      Answer answer;
      try {
        answer = connection.read();
      } catch (IOException e) {
        if (answered) {
          return; // the sockets were closed to end this wait: every call had its answer
        }
        throw e;
      }
      long now = System.nanoTime();
      if (!calls.take(answer.callId())) {
        throw new IOException("an answer to call " + answer.callId() + ", which is not outstanding");
      }
      tally.answered(calls.startNanos(), now, calls.request(), answer);
    }
  }

  /**
   * Waits (checking every millisecond, only once sending is over) until every call has its answer, then closes the
   * connections, which ends the readers' waits on them: a reader waits in its socket's read even with nothing
   * outstanding, since polling for the pacer's next call instead cost more CPU than the calls themselves.
   */
  private void awaitAnswers() throws IOException, InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(ANSWER_WAIT_SECONDS);
    while (outstanding.stream().anyMatch(calls -> calls.count() > 0)) {
      if (System.nanoTime() > deadline) {
        throw new IOException("calls still unanswered " + ANSWER_WAIT_SECONDS + " s after the last was sent");
      }
      TimeUnit.MILLISECONDS.sleep(1);
    }
    answered = true;
    for (LeanConnection connection : connections) {
      connection.close();
    }
  }
}
