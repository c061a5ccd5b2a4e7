package io.basalt.benchmarks.load.drive;

import io.basalt.benchmarks.load.wire.EncodedRequest;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The calls of one connection awaiting their answers, by call id: a ring indexed by the id's low bits, which holds
 * them without allocating as long as fewer than its size separate the oldest outstanding id from the newest. One
 * thread may add while another takes (a fixed-rate run's sender and reader).
 */
final class Outstanding {
  private static final int SIZE = 1 << 16;
  private static final int MASK = SIZE - 1;

  private final AtomicLongArray starts = new AtomicLongArray(SIZE);
  private final AtomicReferenceArray<EncodedRequest> requests = new AtomicReferenceArray<>(SIZE);
  private final AtomicInteger count = new AtomicInteger();
  private long taken;
  private EncodedRequest takenRequest;

  /** Records call {@code callId}; false if its slot is still taken (the ring is too small for this run). */
  boolean add(int callId, long startNanos, EncodedRequest request) {
    int slot = callId & MASK;
    if (requests.get(slot) != null) {
      return false;
    }
    starts.set(slot, startNanos);
    requests.set(slot, request);
    count.incrementAndGet();
    return true;
  }

  /** Takes call {@code callId}: its start is then {@link #startNanos()}, its request {@link #request()}. */
  boolean take(int callId) {
    int slot = callId & MASK;
    EncodedRequest request = requests.get(slot);
    if (request == null) {
      return false;
    }
    taken = starts.get(slot);
    takenRequest = request;
    requests.set(slot, null);
    count.decrementAndGet();
    return true;
  }

  long startNanos() {
    return taken;
  }

  EncodedRequest request() {
    return takenRequest;
  }

  int count() {
    return count.get();
  }

  static int capacity() {
    return SIZE;
  }
}
