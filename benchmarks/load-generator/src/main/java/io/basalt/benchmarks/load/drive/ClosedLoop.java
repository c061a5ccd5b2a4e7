package io.basalt.benchmarks.load.drive;

import io.basalt.benchmarks.load.requests.RequestPool;
import io.basalt.benchmarks.load.wire.Answer;
import io.basalt.benchmarks.load.wire.EncodedRequest;
import io.basalt.benchmarks.load.wire.LeanConnection;
import java.io.IOException;
import java.util.SplittableRandom;

/**
 * One connection kept at {@code inFlight} outstanding calls by one thread: each answer sends the next call, and the
 * requests answers let it send are flushed together once no further answer is already read, so a busy connection
 * costs a system call per batch of answers rather than per call.
 */
final class ClosedLoop {
  private final LeanConnection connection;
  private final RequestPool pool;
  private final int inFlight;
  private final RunWindow window;
  private final CallTally tally;
  private final SplittableRandom random;

  ClosedLoop(LeanConnection connection, RequestPool pool, int inFlight, RunWindow window, CallTally tally,
      long seed) {
    if (inFlight < 1 || inFlight >= Outstanding.capacity()) {
      throw new IllegalArgumentException("calls in flight on a connection: 1 to " + (Outstanding.capacity() - 1));
    }
    this.connection = connection;
    this.pool = pool;
    this.inFlight = inFlight;
    this.window = window;
    this.tally = tally;
    this.random = new SplittableRandom(seed);
  }

  void drive() throws IOException {
    Outstanding outstanding = new Outstanding();
    int callId = 0;
    for (int i = 0; i < inFlight; i++) {
      send(outstanding, callId++, System.nanoTime());
    }
    connection.flush();
    while (outstanding.count() > 0) {
      Answer answer = connection.read();
      long now = System.nanoTime();
      if (!outstanding.take(answer.callId())) {
        throw new IOException("an answer to call " + answer.callId() + ", which is not outstanding");
      }
      EncodedRequest request = outstanding.request();
      tally.answered(outstanding.startNanos(), now, request, answer);
      if (now < window.end()) {
        send(outstanding, callId++ & Integer.MAX_VALUE, now);
      }
      if (!connection.hasBufferedAnswer()) {
        connection.flush();
      }
    }
  }

  private void send(Outstanding outstanding, int callId, long now) throws IOException {
    EncodedRequest request = pool.next(random);
    if (!outstanding.add(callId, now, request)) {
      throw new IOException("call " + callId + " would reuse the slot of a call still unanswered");
    }
    connection.write(request, callId);
  }
}
