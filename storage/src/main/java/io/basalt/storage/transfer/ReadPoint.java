package io.basalt.storage.transfer;

import io.basalt.storage.Table;
import io.basalt.storage.errors.StorageException;
import java.util.List;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.Snapshot;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One moment of a table's cells, pinned for exports and digests to read later: a RocksDB snapshot of the store's
 * database, tied to the table's column families of that moment. Taking one costs microseconds and copies nothing,
 * so a replicated state machine can take it under its own lock right after applying the entry whose state it must
 * ship, and export at leisure once the lock is released (the export then holds exactly that entry's state, whatever
 * is applied meanwhile). Until closed it keeps RocksDB's compactions from discarding the versions it can see, so
 * close it as soon as the reads it serves are done, and before the table is dropped or the store closes.
 */
public final class ReadPoint implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(ReadPoint.class);

  private final Table table;
  private final Snapshot snapshot;
  private final long sequenceNumber;
  private final List<ColumnFamilyHandle> handles;
  private final boolean owned;
  private boolean closed;

  private ReadPoint(Table table, Snapshot snapshot, List<ColumnFamilyHandle> handles, boolean owned) {
    this.table = table;
    this.snapshot = snapshot;
    this.sequenceNumber = snapshot.getSequenceNumber();
    this.handles = List.copyOf(handles);
    this.owned = owned;
  }

  /** Pins the table's cells as they are now; close the point to release them. */
  public static ReadPoint take(Table table) throws StorageException {
    return table.withColumnFamilies("pinning a read point",
        (db, definition, handles) -> new ReadPoint(table, db.getSnapshot(), handles, true));
  }

  /**
   * A read point at a RocksDB snapshot the caller took of the table's store and keeps: closing the point leaves it
   * alone. The caller must have taken it since the table's families last changed (a schema change gives families
   * new column families, which such a snapshot does not describe); exports check only that none changed since this
   * call.
   */
  public static ReadPoint of(Table table, Snapshot snapshot) throws StorageException {
    return table.withColumnFamilies("pinning a read point",
        (db, definition, handles) -> new ReadPoint(table, snapshot, handles, false));
  }

  /** RocksDB's sequence number of the moment: every write numbered up to it is seen, none after. */
  public long sequenceNumber() {
    return sequenceNumber;
  }

  /** The snapshot to read through, after checking the point is open and still describes {@code current}. */
  synchronized Snapshot snapshotFor(Table reader, List<ColumnFamilyHandle> current) throws StorageException {
    if (closed) {
      throw new IllegalStateException("the read point of table " + table.name() + " is closed");
    }
    if (reader != table) {
      throw new IllegalArgumentException("a read point of table " + table.name() + " cannot read table "
          + reader.name());
    }
    if (current.size() != handles.size()) {
      throw layoutChanged();
    }
    for (int i = 0; i < handles.size(); i++) {
      if (current.get(i) != handles.get(i)) {
        throw layoutChanged();
      }
    }
    return snapshot;
  }

  private StorageException layoutChanged() {
    return new StorageException("the families of table " + table.name()
        + " changed since the read point was taken; take a new one");
  }

  /**
   * Releases the snapshot if this point took it. Reads already under way finish on the state they pinned. A point
   * still open when its table is dropped or its store closes is not released: RocksJava frees the database on close
   * whatever is open on it, and releasing a snapshot after that crashed the JVM when tried. The store's close then
   * reports the snapshot as unreleased, and a dropped table's point pins old versions in the store until it closes.
   */
  @Override
  public void close() {
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
    }
    if (!owned) {
      return;
    }
    try {
      table.withColumnFamilies("releasing a read point", (db, definition, handles) -> {
        db.releaseSnapshot(snapshot);
        return null;
      });
    } catch (StorageException e) {
      LOG.warn("Could not release the {}: {}", this, e.getMessage());
    }
  }

  @Override
  public String toString() {
    return "read point of table " + table.name() + " at sequence number " + sequenceNumber();
  }
}
