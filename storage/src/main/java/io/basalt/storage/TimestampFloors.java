package io.basalt.storage;

import io.basalt.storage.data.RowMutation;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.ratis.protocol.RaftGroupId;

/**
 * For each tablet group, the highest cell timestamp this node's replica has applied, so that a writer stamping new
 * cells with its wall clock never stamps them below what the tablet already holds: a leader elected on a node whose
 * clock is behind the previous leader's, or whose clock jumped back, would otherwise give a put a timestamp below the
 * cell it replaces, and the put would be hidden (a silent loss to the client).
 *
 * <p>Kept in memory, so it covers what the replica applied since the node started: after a restart the replica
 * applies only the entries after its last flush again, and after an install only those after the installed index;
 * cells older than that do not raise the floor. There the clock check at start is the bound: a node whose clock is
 * off by more than the tolerated skew does not start, so a put is hidden only if it lands within that skew of the
 * cell it replaces, in the first writes of a tablet led by a node since its restart or install.
 *
 * <p>Only timestamps up to the applying node's clock plus the tolerated clock skew count: a client may write cells
 * with a timestamp of its choosing, far in the future, and that must not drag every later stamp of the tablet
 * there. A stamp within the skew is one a leader's clock may legitimately have given.
 */
final class TimestampFloors {
  private final Clock clock;
  private final long toleranceMillis;
  private final ConcurrentHashMap<RaftGroupId, AtomicLong> floors = new ConcurrentHashMap<>();

  TimestampFloors(Clock clock, Duration tolerance) {
    this.clock = clock;
    this.toleranceMillis = tolerance.toMillis();
  }

  /** Raises the group's floor to the highest timestamp among {@code mutations}' cells that counts. */
  void applied(RaftGroupId group, List<RowMutation> mutations) {
    long ceiling = clock.millis() + toleranceMillis;
    long highest = Long.MIN_VALUE;
    for (RowMutation mutation : mutations) {
      for (RowMutation.CellWrite cell : mutation.cells()) {
        if (cell.timestamp() <= ceiling && cell.timestamp() > highest) {
          highest = cell.timestamp();
        }
      }
    }
    if (highest != Long.MIN_VALUE) {
      long raised = highest;
      floors.computeIfAbsent(group, any -> new AtomicLong(Long.MIN_VALUE)).accumulateAndGet(raised, Math::max);
    }
  }

  /** The group's floor, or {@link Long#MIN_VALUE} if this replica applied no cell yet. */
  long floor(RaftGroupId group) {
    AtomicLong floor = floors.get(group);
    return floor == null ? Long.MIN_VALUE : floor.get();
  }
}
