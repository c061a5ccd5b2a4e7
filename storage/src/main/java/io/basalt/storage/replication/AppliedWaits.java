package io.basalt.storage.replication;

import java.io.IOException;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;

/**
 * Waits for a replica to apply an entry: a leader's read barrier waits so for its read index. Ratis's own wait
 * (BaseStateMachine.queryStale, 3.1.3) is not used: its waits are released only when the applied index is set to
 * the value it already has, so a read waited until a later entry happened to be reported twice (reads on a cluster
 * took seconds in ClusterFailoverTest).
 */
final class AppliedWaits {
  private final NavigableMap<Long, CompletableFuture<Void>> waits = new TreeMap<>();
  private long applied = -1;
  private boolean closed;

  /** Completes once entry {@code index} is applied (at once if it is); fails if the replica closes first. */
  synchronized CompletableFuture<Void> whenApplied(long index) {
    if (index <= applied) {
      return CompletableFuture.completedFuture(null);
    }
    if (closed) {
      return CompletableFuture.failedFuture(new IOException("the replica is closed"));
    }
    return waits.computeIfAbsent(index, key -> new CompletableFuture<>());
  }

  /** Every entry up to {@code index} is applied, or installed. */
  void applied(long index) {
    NavigableMap<Long, CompletableFuture<Void>> released;
    synchronized (this) {
      applied = Math.max(applied, index);
      released = waits.headMap(index, true);
      if (released.isEmpty()) {
        return;
      }
      released = new TreeMap<>(released);
      waits.headMap(index, true).clear();
    }
    released.values().forEach(wait -> wait.complete(null));
  }

  /** The replica is closed: nothing more will be applied. */
  void closed() {
    Map<Long, CompletableFuture<Void>> failed;
    synchronized (this) {
      closed = true;
      failed = new TreeMap<>(waits);
      waits.clear();
    }
    failed.values().forEach(wait -> wait.completeExceptionally(new IOException("the replica is closed")));
  }
}
