package io.basalt.conformance.fuzz;

import io.basalt.conformance.rawrpc.RawRpcConnection;
import io.basalt.conformance.rawrpc.RequestFrames;
import java.io.IOException;
import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.TimeUnit;

/**
 * Connections that go quiet: silent from the start, silent after part of a preamble, header or request, silent
 * after a complete handshake, or trickling a byte at a time into a request that never ends. Basalt closes each
 * once it has completed nothing for its idle time, and not long before.
 */
final class SilenceFuzz {
  /** How much later than the idle time a close may come on a busy two-core machine. */
  private static final long SLACK_MILLIS = 10_000;

  private SilenceFuzz() {}

  static void quietConnection(FuzzTarget target, Random random) throws Exception {
    long idle = target.idleMillis();
    try (RawRpcConnection connection = target.connect()) {
      long lastProgress = System.nanoTime();
      switch (random.nextInt(4)) {
        case 0 -> {
          // Nothing at all.
        }
        case 1 -> {
          byte[] everything = FramingFuzz.concat(RequestFrames.preamble(),
              RequestFrames.connectionHeader("ClientService", RequestFrames.KEY_VALUE_CODEC),
              FramingFuzz.getFrame(target, 1));
          int cut = 1 + random.nextInt(everything.length - 1);
          connection.send(Arrays.copyOf(everything, cut));
          if (cut >= 6) {
            lastProgress = System.nanoTime(); // the preamble, at least, was complete
          }
        }
        case 2 -> {
          connection.send(RequestFrames.preamble());
          connection.send(RequestFrames.connectionHeader("ClientService", RequestFrames.KEY_VALUE_CODEC));
          lastProgress = System.nanoTime();
        }
        default -> {
          connection.send(RequestFrames.preamble());
          connection.send(RequestFrames.connectionHeader("ClientService", RequestFrames.KEY_VALUE_CODEC));
          lastProgress = System.nanoTime();
          trickleUntilClosed(connection, idle + SLACK_MILLIS, Math.max(1, idle / 5));
          assertClosedInTime(lastProgress, idle);
          return;
        }
      }
      Expect.check(connection.closedByServerWithin((int) (idle + SLACK_MILLIS)),
          "the server kept a quiet connection open for " + (idle + SLACK_MILLIS) + " ms");
      assertClosedInTime(lastProgress, idle);
    }
  }

  /** Sends a frame that announces 1000 bytes, one byte every {@code pauseMillis}, until the server hangs up. */
  private static void trickleUntilClosed(RawRpcConnection connection, long limitMillis, long pauseMillis)
      throws IOException {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(limitMillis);
    byte[] start = {0, 0, 3, (byte) 0xE8};
    int sent = 0;
    while (System.nanoTime() < deadline) {
      try {
        connection.send(new byte[] {sent < start.length ? start[sent] : (byte) 'x'});
        sent++;
      } catch (IOException e) {
        return; // writing to a connection the server closed
      }
      if (connection.closedByServerWithin((int) pauseMillis)) {
        return;
      }
    }
    throw new AssertionError("the server let a connection trickle " + sent + " bytes for " + limitMillis + " ms");
  }

  private static void assertClosedInTime(long lastProgressNanos, long idleMillis) {
    long quietMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - lastProgressNanos);
    // Our clock for "last progress" may start well after the server's on a busy machine: allow half the idle time.
    Expect.check(quietMillis >= idleMillis / 2, "closed after only " + quietMillis + " ms of quiet; the idle "
        + "time is " + idleMillis + " ms");
  }
}
