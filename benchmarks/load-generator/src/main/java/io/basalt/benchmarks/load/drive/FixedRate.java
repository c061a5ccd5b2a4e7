package io.basalt.benchmarks.load.drive;

import io.basalt.benchmarks.load.requests.RequestPool;
import io.basalt.benchmarks.load.wire.Answer;
import io.basalt.benchmarks.load.wire.EncodedRequest;
import io.basalt.benchmarks.load.wire.LeanConnection;
import java.io.IOException;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * One connection sent calls at a fixed rate, whatever the answers do: a sender thread sends each call when it is
 * due, and this thread reads the answers. A call's latency counts from when it was due, not from when it went out,
 * so a server that falls behind shows in the latencies instead of slowing the load down (coordinated omission).
 * A run with more calls outstanding than the connection can track has overloaded the server and stops sending.
 */
final class FixedRate implements ConnectionDriver {
  private final LeanConnection connection;
  private final RequestPool pool;
  private final double callsPerSecond;
  private final RunWindow window;
  private final CallTally tally;
  private final SplittableRandom random;
  private final Outstanding outstanding = new Outstanding();
  private final AtomicReference<Throwable> senderFailure = new AtomicReference<>();
  private volatile boolean sending = true;
  volatile boolean overloaded;

  FixedRate(LeanConnection connection, RequestPool pool, double callsPerSecond, RunWindow window, CallTally tally,
      long seed) {
    this.connection = connection;
    this.pool = pool;
    this.callsPerSecond = callsPerSecond;
    this.window = window;
    this.tally = tally;
    this.random = new SplittableRandom(seed);
  }

  @Override
  public void drive() throws IOException, InterruptedException {
    Thread sender = new Thread(this::send, Thread.currentThread().getName() + "-sender");
    sender.setDaemon(true);
    sender.start();
    while (sending || outstanding.count() > 0) {
      if (outstanding.count() == 0) {
        // Nothing to read yet: wait for the sender rather than block on a socket with nothing coming.
        LockSupport.parkNanos(50_000);
        continue;
      }
      Answer answer = connection.read();
      long now = System.nanoTime();
      if (!outstanding.take(answer.callId())) {
        throw new IOException("an answer to call " + answer.callId() + ", which is not outstanding");
      }
      tally.answered(outstanding.startNanos(), now, outstanding.request(), answer);
    }
    sender.join();
    Throwable failure = senderFailure.get();
    if (failure != null) {
      throw new IOException("sending failed", failure);
    }
  }

  private void send() {
    try {
      double intervalNanos = 1e9 / callsPerSecond;
      int callId = 0;
      for (long k = 0; ; ) {
        long due = window.start() + (long) (k * intervalNanos);
        if (due >= window.end()) {
          break;
        }
        long wait = due - System.nanoTime();
        if (wait > 0) {
          LockSupport.parkNanos(wait);
          continue;
        }
        EncodedRequest request = pool.next(random);
        if (outstanding.count() >= Outstanding.capacity() / 2 || !outstanding.add(callId, due, request)) {
          overloaded = true;
          break;
        }
        connection.write(request, callId);
        connection.flush();
        callId = (callId + 1) & Integer.MAX_VALUE;
        k++;
      }
    } catch (IOException | RuntimeException e) {
      senderFailure.set(e);
    } finally {
      sending = false;
    }
  }

  @Override
  public CallTally tally() {
    return tally;
  }
}
