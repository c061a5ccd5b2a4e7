package io.basalt.storage;

import io.basalt.storage.TabletEntries.Fence;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.ratis.protocol.RaftGroupId;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.WriteBatch;

/**
 * The fences this node's tablet replicas have applied ({@link Fence}): the tablets being split or merged, which apply
 * no write any more. Each is recorded under {@code raft/fenced/<group>} in the catalog column family, in the batch
 * that records the fence entry's index, so a replica holds its fence exactly when it holds the state as of it; and
 * kept in memory, since every write a replica applies asks whether its tablet is fenced.
 */
final class TabletFences {
  private static final String PREFIX = "raft/fenced/";

  private final ColumnFamilyHandle catalogHandle;
  private final Map<RaftGroupId, Fence> fences = new ConcurrentHashMap<>();
  private final Signal raised = new Signal();

  private TabletFences(ColumnFamilyHandle catalogHandle) {
    this.catalogHandle = catalogHandle;
  }

  /** The fences recorded in the store. */
  static TabletFences load(RocksDB db, ColumnFamilyHandle catalogHandle) throws IOException {
    TabletFences loaded = new TabletFences(catalogHandle);
    byte[] prefix = PREFIX.getBytes(StandardCharsets.UTF_8);
    try (RocksIterator records = db.newIterator(catalogHandle)) {
      for (records.seek(prefix); records.isValid() && startsWith(records.key(), prefix); records.next()) {
        String group = new String(records.key(), prefix.length, records.key().length - prefix.length,
            StandardCharsets.UTF_8);
        TabletEntries.Entry entry = TabletEntries.decode(records.value());
        if (!(entry instanceof Fence fence)) {
          throw new IOException("the fence record of group " + group + " holds no fence");
        }
        loaded.fences.put(RaftGroupId.valueOf(UUID.fromString(group)), fence);
      }
    }
    return loaded;
  }

  /** The fence of a group's tablet on this node, or null. */
  Fence of(RaftGroupId group) {
    return fences.get(group);
  }

  /** Every fence on this node, by group. */
  Map<RaftGroupId, Fence> all() {
    return Map.copyOf(fences);
  }

  /** Whether every one of {@code groups} is fenced here for {@code change}. */
  boolean allFencedFor(List<RaftGroupId> groups, Fence change) {
    for (RaftGroupId group : groups) {
      Fence fence = fences.get(group);
      if (fence == null || !fence.sameChange(change)) {
        return false;
      }
    }
    return true;
  }

  /** Adds the recording of a fence to {@code batch}; {@link #raised} once it is written. */
  void record(WriteBatch batch, RaftGroupId group, Fence fence) throws RocksDBException {
    batch.put(catalogHandle, key(group), TabletEntries.encodeFence(fence));
  }

  void raised(RaftGroupId group, Fence fence) {
    fences.put(group, fence);
    raised.changed();
  }

  /**
   * Waits until every one of {@code groups} is fenced here for {@code change}, or {@code timeoutMillis} passed;
   * whether they are.
   */
  boolean awaitFencedFor(List<RaftGroupId> groups, Fence change, long timeoutMillis) throws InterruptedIOException {
    return raised.await(() -> allFencedFor(groups, change), timeoutMillis, "the fences of " + change.replaced());
  }

  /** Adds the removal of a group's fence to {@code batch}; {@link #forget} once it is written. */
  void erase(WriteBatch batch, RaftGroupId group) throws RocksDBException {
    batch.delete(catalogHandle, key(group));
  }

  void forget(RaftGroupId group) {
    fences.remove(group);
  }

  private static byte[] key(RaftGroupId group) {
    return (PREFIX + group.getUuid()).getBytes(StandardCharsets.UTF_8);
  }

  private static boolean startsWith(byte[] key, byte[] prefix) {
    return key.length >= prefix.length && Arrays.equals(key, 0, prefix.length, prefix, 0, prefix.length);
  }
}
