package io.basalt.storage;

import io.basalt.storage.replication.AppliedIndex;
import io.basalt.storage.replication.ReplicaState;
import java.io.IOException;
import org.rocksdb.WriteBatch;

/**
 * This node's replica of one tablet's Raft group: applies the group's committed writes to the table's column
 * families, recording the entry's index in the same RocksDB batch. Neither is written to RocksDB's own log (the
 * Raft log is the log): after a crash the store holds the tablet exactly as of the recorded index, since RocksDB
 * flushes every family of the store together (atomic flush), and the group applies the rest of its log again.
 */
final class TabletReplica implements ReplicaState {
  private static final byte[] NO_ANSWER = new byte[0];

  private final StoreReplication replication;
  private final byte[] appliedKey;

  TabletReplica(StoreReplication replication, byte[] appliedKey) {
    this.replication = replication;
    this.appliedKey = appliedKey;
  }

  @Override
  public AppliedIndex applied() throws IOException {
    return replication.readApplied(appliedKey);
  }

  @Override
  public byte[] apply(AppliedIndex at, byte[] entry) throws IOException {
    TabletEntries.Write write = TabletEntries.decode(entry);
    replication.awaitCatalog(write.catalogIndex());
    try (WriteBatch batch = replication.recordApplied(appliedKey, at)) {
      Table table = replication.store().tableById(write.tableId());
      if (table == null) {
        // Dropped since the entry was decided, everywhere: only the index is left to record.
        replication.writeWithoutLog(batch);
      } else {
        table.applyReplicated(write.mutations(), batch, replication.withoutLog());
      }
      replication.noteApplied(write.note());
    } catch (org.rocksdb.RocksDBException e) {
      throw RocksErrors.of("recording the applied index", e);
    }
    return NO_ANSWER;
  }

  @Override
  public void persist(AppliedIndex upTo) throws IOException {
    try (WriteBatch batch = replication.recordApplied(appliedKey, upTo)) {
      replication.writeWithoutLog(batch);
    } catch (org.rocksdb.RocksDBException e) {
      throw RocksErrors.of("recording the applied index", e);
    }
    replication.store().flush();
  }
}
