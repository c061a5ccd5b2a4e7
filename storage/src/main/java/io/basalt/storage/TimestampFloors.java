package io.basalt.storage;

import io.basalt.storage.data.RowMutation;
import io.basalt.storage.errors.StorageException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.ratis.protocol.RaftGroupId;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.WriteBatch;

/**
 * For each tablet group, the highest cell timestamp this node's replica has applied, so that a writer stamping new
 * cells with its wall clock never stamps them below what the tablet already holds: a leader elected on a node whose
 * clock is behind the previous leader's, or whose clock jumped back, would otherwise give a put a timestamp below the
 * cell it replaces, and the put would be hidden (a silent loss to the client).
 *
 * <p>A floor that rises is recorded in the catalog column family ({@code raft/floor/<group>}) in the write batch of
 * the entry that raised it, so it is as durable as the cells, and a restarted node knows it without applying those
 * entries again. An install brings the leader's rows but not its floor: this replica keeps the floor of what it
 * applied itself, and raises it with the entries after the installed index. There the clock check at start is the
 * bound: a node whose clock is off by more than the tolerated skew does not start, so a put is hidden only if it
 * lands within that skew of the cell it replaces, in the first writes a node leads after installing the tablet.
 *
 * <p>Only timestamps up to the applying node's clock plus the tolerated clock skew count: a client may write cells
 * with a timestamp of its choosing, far in the future, and that must not drag every later stamp of the tablet
 * there. A stamp within the skew is one a leader's clock may legitimately have given.
 */
final class TimestampFloors {
  private static final String KEY_PREFIX = "raft/floor/";

  private final Clock clock;
  private final long toleranceMillis;
  private final RocksDB db;
  private final ColumnFamilyHandle catalogHandle;
  private final ConcurrentHashMap<RaftGroupId, AtomicLong> floors = new ConcurrentHashMap<>();

  TimestampFloors(Clock clock, Duration tolerance, RocksDB db, ColumnFamilyHandle catalogHandle) {
    this.clock = clock;
    this.toleranceMillis = tolerance.toMillis();
    this.db = db;
    this.catalogHandle = catalogHandle;
  }

  /**
   * Adds to {@code batch} the group's new floor if {@code mutations}' cells raise it, and returns that floor, to be
   * passed to {@link #raise} once the batch is written; {@link Long#MIN_VALUE} if they do not raise it.
   */
  long record(WriteBatch batch, RaftGroupId group, List<RowMutation> mutations) throws StorageException {
    long ceiling = clock.millis() + toleranceMillis;
    long highest = Long.MIN_VALUE;
    for (RowMutation mutation : mutations) {
      for (RowMutation.CellWrite cell : mutation.cells()) {
        if (cell.timestamp() <= ceiling && cell.timestamp() > highest) {
          highest = cell.timestamp();
        }
      }
    }
    if (highest <= floorOf(group).get()) {
      return Long.MIN_VALUE;
    }
    try {
      batch.put(catalogHandle, key(group), ByteBuffer.allocate(Long.BYTES).putLong(highest).array());
    } catch (RocksDBException e) {
      throw RocksErrors.of("recording a timestamp floor", e);
    }
    return highest;
  }

  /** Raises the group's floor to {@code floor}, once the batch {@link #record} added it to is written. */
  void raise(RaftGroupId group, long floor) throws StorageException {
    if (floor != Long.MIN_VALUE) {
      floorOf(group).accumulateAndGet(floor, Math::max);
    }
  }

  /** The group's floor, or {@link Long#MIN_VALUE} if this replica applied no cell yet. */
  long floor(RaftGroupId group) throws StorageException {
    return floorOf(group).get();
  }

  /** Adds to {@code batch} the erasure of a removed group's floor, and forgets it. */
  void forget(WriteBatch batch, RaftGroupId group) throws RocksDBException {
    batch.delete(catalogHandle, key(group));
    floors.remove(group);
  }

  private AtomicLong floorOf(RaftGroupId group) throws StorageException {
    AtomicLong floor = floors.get(group);
    if (floor != null) {
      return floor;
    }
    byte[] recorded;
    try {
      recorded = db.get(catalogHandle, key(group));
    } catch (RocksDBException e) {
      throw RocksErrors.of("reading a timestamp floor", e);
    }
    long value = recorded == null ? Long.MIN_VALUE : ByteBuffer.wrap(recorded).getLong();
    return floors.computeIfAbsent(group, any -> new AtomicLong(value));
  }

  private static byte[] key(RaftGroupId group) {
    return (KEY_PREFIX + group.getUuid()).getBytes(StandardCharsets.UTF_8);
  }
}
