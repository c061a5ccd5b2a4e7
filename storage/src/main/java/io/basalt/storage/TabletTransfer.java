package io.basalt.storage;

import io.basalt.storage.errors.StorageException;
import java.nio.file.Path;
import org.rocksdb.Snapshot;

/**
 * How a cluster member's store writes a tablet's rows out for a replica catching up, and how a replica makes its
 * rows those written out ({@link TabletReplica} uses it). The implementation is the {@code storage.transfer}
 * package's ({@code SstTabletTransfer}: SST files and a checked manifest), handed to
 * {@link TabletStore#openReplicated} by whoever assembles the store: that package works on {@link Table}s, so this
 * one naming it would make the two packages depend on each other, which the build refuses ({@code ArchitectureTest}
 * in the server module).
 */
public interface TabletTransfer {
  /**
   * Writes rows {@code [startRow, endRow)} (empty bounds are open) of {@code table}, in every family, as they are at
   * {@code snapshot}, a RocksDB snapshot of the table's store that the caller keeps until this returns, into
   * {@code directory}, which must not exist or be empty.
   */
  void export(Table table, byte[] startRow, byte[] endRow, Snapshot snapshot, Path directory) throws StorageException;

  /**
   * Makes rows {@code [startRow, endRow)} of {@code table} hold exactly the cells written out in {@code directory},
   * refusing an export of other rows. Interrupted by a crash, running it again gives the same rows.
   */
  void importInto(Table table, byte[] startRow, byte[] endRow, Path directory) throws StorageException;

  /**
   * A digest of rows {@code [startRow, endRow)} of {@code table}, in every family, as stored at {@code snapshot}
   * (kept by the caller until this returns), printable: two replicas of a tablet hold the same cells exactly when
   * their digests are equal. For operators and tests comparing replicas.
   */
  String digest(Table table, byte[] startRow, byte[] endRow, Snapshot snapshot) throws StorageException;
}
