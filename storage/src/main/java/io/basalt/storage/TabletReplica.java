package io.basalt.storage;

import io.basalt.storage.StoreReplication.TabletPlace;
import io.basalt.storage.errors.StorageException;
import io.basalt.storage.replication.AppliedIndex;
import io.basalt.storage.replication.ReplicaState;
import io.basalt.storage.replication.StateSource;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import org.apache.ratis.protocol.RaftGroupId;
import org.rocksdb.ReadOptions;
import org.rocksdb.Snapshot;
import org.rocksdb.WriteBatch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * This node's replica of one tablet's Raft group: applies the group's committed writes to the table's column
 * families, recording the entry's index in the same RocksDB batch. Neither is written to RocksDB's own log (the
 * Raft log is the log): after a crash the store holds the tablet exactly as of the recorded index, since RocksDB
 * flushes every family of the store together (atomic flush), and the group applies the rest of its log again.
 *
 * <p>A replica too far behind installs the tablet from its leader: the leader exports the tablet's rows in every
 * family ({@link TabletTransfer}, the {@code storage.transfer} package's exporter) at one RocksDB snapshot, from
 * which it also reads the group's applied index, so the index is exactly the one the rows are at (the two are written
 * in one batch); this replica imports them under an install mark ({@link InstallRecords}). Measured
 * ({@code ReplicaInstallTest}'s setup with 200,000 rows, on the 2-core build machine shared with other builds):
 * 400,000 cells in two families, 26.5 MB of SST files, installed in 2.2 to 3.7 s: 1.4 to 1.5 s the leader
 * exporting, 0.5 to 2 s copying them in 4 MB answers over loopback (some 13 to 49 MB/s), 71 to 143 ms checking and
 * ingesting them.
 */
final class TabletReplica implements ReplicaState {
  private static final Logger LOG = LoggerFactory.getLogger(TabletReplica.class);
  private static final byte[] NO_ANSWER = new byte[0];

  private final StoreReplication replication;
  private final RaftGroupId group;
  private final byte[] appliedKey;

  TabletReplica(StoreReplication replication, RaftGroupId group) {
    this.replication = replication;
    this.group = group;
    this.appliedKey = StoreReplication.appliedKey(group);
  }

  @Override
  public AppliedIndex applied() throws IOException {
    if (replication.installRecords().mark(group).isPresent()) {
      // An install was interrupted and could not be completed at start: the rows may be partly old, partly new.
      return AppliedIndex.NONE;
    }
    return replication.readApplied(appliedKey);
  }

  @Override
  public boolean awaitsInstall() throws IOException {
    return replication.installRecords().awaitsInstall(group);
  }

  @Override
  public byte[] apply(AppliedIndex at, byte[] entry) throws IOException {
    TabletEntries.Entry decoded = TabletEntries.decode(entry);
    if (decoded instanceof TabletEntries.Fence fence) {
      return applyFence(at, fence);
    }
    if (decoded instanceof TabletEntries.EraseRows erase) {
      return applyErase(at, erase);
    }
    if (decoded instanceof TabletEntries.Flush flush) {
      return applyFlush(at, flush);
    }
    if (decoded instanceof TabletEntries.SnapshotPart part) {
      return applySnapshotPart(at, part);
    }
    TabletEntries.Write write = (TabletEntries.Write) decoded;
    replication.awaitCatalog(write.catalogIndex());
    try (WriteBatch batch = replication.recordApplied(appliedKey, at)) {
      Table table = replication.store().tableById(write.tableId());
      if (replication.fences().of(group) != null) {
        // Appended after the fence: the tablet's rows stay as of the fence on every replica; the writer is told.
        replication.writeWithoutLog(batch);
        return TabletEntries.FENCED;
      }
      if (table == null) {
        // Dropped since the entry was decided, everywhere: only the index is left to record.
        replication.writeWithoutLog(batch);
      } else {
        long floor = replication.timestampFloors().record(batch, group, write.mutations());
        table.applyReplicated(write.mutations(), write.catalogIndex(), batch, replication.withoutLog());
        replication.timestampFloors().raise(group, floor);
      }
      replication.noteApplied(write.note());
    } catch (org.rocksdb.RocksDBException e) {
      throw RocksErrors.of("recording the applied index", e);
    }
    return NO_ANSWER;
  }

  /** Erases rows of the tablet, unless it is fenced (then, as a write after the fence, nowhere). */
  private byte[] applyErase(AppliedIndex at, TabletEntries.EraseRows erase) throws IOException {
    try (WriteBatch batch = replication.recordApplied(appliedKey, at)) {
      Table table = replication.store().tableById(erase.tableId());
      if (replication.fences().of(group) != null || table == null) {
        replication.writeWithoutLog(batch);
        return table == null ? NO_ANSWER : TabletEntries.FENCED;
      }
      table.eraseRowsReplicated(erase.lowRow(), erase.highRow(), batch, replication.withoutLog());
      return NO_ANSWER;
    } catch (org.rocksdb.RocksDBException e) {
      throw RocksErrors.of("recording the applied index", e);
    }
  }

  /**
   * Writes the table's memtables out on this replica (its rows do not change, so a fenced tablet flushes too). The
   * applied index is recorded first, so the flush carries it to the files with the rows.
   */
  private byte[] applyFlush(AppliedIndex at, TabletEntries.Flush flush) throws IOException {
    try (WriteBatch batch = replication.recordApplied(appliedKey, at)) {
      replication.writeWithoutLog(batch);
    } catch (org.rocksdb.RocksDBException e) {
      throw RocksErrors.of("recording the applied index", e);
    }
    Table table = replication.store().tableById(flush.tableId());
    if (table != null) {
      table.flushHere();
    }
    return NO_ANSWER;
  }

  /**
   * Writes the tablet's rows, as they are at this point of its log, out as its part of a snapshot
   * ({@link SnapshotReplication}); every replica writes the same rows. The replica applies nothing else meanwhile: a
   * tablet of 200,000 rows (26.5 MB of files) takes some 1.5 s on the build machine (see the class comment), during
   * which writes to it wait, as HBase's flush for a snapshot holds a region's writes.
   */
  private byte[] applySnapshotPart(AppliedIndex at, TabletEntries.SnapshotPart part) throws IOException {
    TabletPlace place = replication.tabletOf(group);
    if (place != null && place.table().definition().id() == part.tableId()) {
      atSnapshot(place, snapshot -> {
        replication.snapshots().parts().write(part.snapshotId(), group, place.table(), place.tablet().startRow(),
            place.tablet().endRow(), snapshot, replication.tabletTransfer());
        return null;
      });
      replication.snapshots().partWritten(part, group);
    }
    try (WriteBatch batch = replication.recordApplied(appliedKey, at)) {
      replication.writeWithoutLog(batch);
    } catch (org.rocksdb.RocksDBException e) {
      throw RocksErrors.of("recording the applied index", e);
    }
    return NO_ANSWER;
  }

  /**
   * Raises a fence (once; a second one for the same change is answered as the first, one for another change is
   * refused) or lifts it, recorded with the entry's index.
   */
  private byte[] applyFence(AppliedIndex at, TabletEntries.Fence fence) throws IOException {
    TabletFences fences = replication.fences();
    TabletEntries.Fence current = fences.of(group);
    try (WriteBatch batch = replication.recordApplied(appliedKey, at)) {
      byte[] answer;
      boolean raise = false;
      boolean lift = false;
      if (!fence.lifted()) {
        raise = current == null;
        answer = current == null || current.sameChange(fence) ? TabletEntries.FENCE_RAISED
            : TabletEntries.FENCE_CONFLICT;
        if (raise) {
          fences.record(batch, group, fence);
        }
      } else {
        lift = current != null && current.sameChange(fence);
        answer = TabletEntries.FENCE_LIFTED;
        if (lift) {
          fences.erase(batch, group);
        }
      }
      replication.writeWithoutLog(batch);
      if (raise) {
        fences.raised(group, fence);
        LOG.info("Tablet of group {} fenced: {} to be replaced by {}", group, fence.replaced(), fence.successors());
      } else if (lift) {
        fences.forget(group);
        LOG.info("Fence of the tablet of group {} lifted", group);
      }
      return answer;
    } catch (org.rocksdb.RocksDBException e) {
      throw RocksErrors.of("recording a fence", e);
    }
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

  @Override
  public CompletableFuture<byte[]> serve(byte[] request) {
    return replication.exports().serve("tablet group " + group, request, this::export);
  }

  /** Writes the tablet's rows into {@code directory} and returns the applied index they are at. */
  private AppliedIndex export(Path directory) throws IOException {
    return replication.whileOpen("writing out the state of group " + group, () -> exportOpen(directory));
  }

  private AppliedIndex exportOpen(Path directory) throws StorageException {
    TabletPlace place = place();
    if (replication.installRecords().mark(group).isPresent()) {
      throw new StorageException("this node's replica of " + place + " is being installed itself");
    }
    return atSnapshot(place, snapshot -> {
      AppliedIndex applied;
      try (ReadOptions at = new ReadOptions().setSnapshot(snapshot)) {
        applied = AppliedIndex.fromBytes(replication.db().get(replication.catalogHandle(), at, appliedKey));
      } catch (org.rocksdb.RocksDBException e) {
        throw RocksErrors.of("reading the applied index of group " + group, e);
      }
      replication.tabletTransfer().export(place.table(), place.tablet().startRow(), place.tablet().endRow(),
          snapshot, directory);
      return applied;
    });
  }

  /** Work on the store as one RocksDB snapshot shows it. */
  @FunctionalInterface
  private interface AtSnapshot<T> {
    T run(Snapshot snapshot) throws StorageException;
  }

  /** Runs {@code work} at a RocksDB snapshot of the store taken now, released after. */
  private static <T> T atSnapshot(TabletPlace place, AtSnapshot<T> work) throws StorageException {
    Table table = place.table();
    Snapshot snapshot = table.withColumnFamilies("pinning the state of " + place,
        (db, definition, handles) -> db.getSnapshot());
    try {
      return work.run(snapshot);
    } finally {
      try {
        table.withColumnFamilies("releasing the state of " + place, (db, definition, handles) -> {
          db.releaseSnapshot(snapshot);
          return null;
        });
      } catch (StorageException e) {
        // The table was dropped or the store closed meanwhile: RocksDB has let the snapshot go with it.
        LOG.warn("Could not release the snapshot of {}: {}", place, e.getMessage());
      }
    }
  }

  @Override
  public Fetched fetch(StateSource source) throws IOException {
    TabletPlace place = place();
    Path directory = replication.installRecords().newDirectory(group);
    StateDownload.Downloaded downloaded = StateDownload.fetch(source, directory, place.toString());
    return new FetchedState(replication, group, appliedKey, source, downloaded, this::installFrom);
  }

  /** Makes the tablet's rows those of the export in {@code directory}; done again, it gives the same rows. */
  void installFrom(Path directory) throws IOException {
    TabletPlace place = place();
    replication.tabletTransfer().importInto(place.table(), place.tablet().startRow(), place.tablet().endRow(),
        directory);
  }

  private TabletPlace place() throws StorageException {
    TabletPlace place = replication.tabletOf(group);
    if (place == null) {
      throw new StorageException("no table of this node has the tablet of group " + group);
    }
    return place;
  }
}
