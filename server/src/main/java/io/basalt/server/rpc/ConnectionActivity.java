package io.basalt.server.rpc;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * When a connection last got somewhere (its preamble, connection header or a whole request arrived, or a call was
 * answered) and how many of its calls are running, so that connections that are silent, or that trickle bytes
 * without ever completing a request, can be told from ones that are merely waiting for an answer.
 */
final class ConnectionActivity {
  private final AtomicInteger callsRunning = new AtomicInteger();
  private volatile long lastProgressNanos;

  ConnectionActivity(long nowNanos) {
    this.lastProgressNanos = nowNanos;
  }

  void progressed(long nowNanos) {
    lastProgressNanos = nowNanos;
  }

  void callStarted() {
    callsRunning.incrementAndGet();
  }

  void callFinished(long nowNanos) {
    lastProgressNanos = nowNanos;
    callsRunning.decrementAndGet();
  }

  /** True when no call is running and nothing has completed for at least {@code idleNanos}. */
  boolean idleFor(long idleNanos, long nowNanos) {
    return callsRunning.get() == 0 && nowNanos - lastProgressNanos >= idleNanos;
  }
}
