package io.basalt.storage;

import io.basalt.storage.catalog.TableDefinition;
import io.basalt.storage.data.RowMutation;
import io.basalt.storage.data.RowRange;
import io.basalt.storage.errors.StorageException;
import java.util.List;

/** How a table's writes and reads reach its tablets' Raft groups, in cluster mode. */
interface TabletGroups {
  /**
   * Appends the mutations to the log of the tablet holding their rows and returns once they are committed and
   * applied on this node; the caller holds the rows' locks. Every replica hands {@code note} to the store's note
   * listener as it applies the write.
   */
  void write(TableDefinition table, List<RowMutation> mutations, byte[] note) throws StorageException;

  /**
   * Appends each row's mutations to its tablet's log through the tablet's leader, wherever it is; for writes decided
   * from this node's replica that any replica's view makes right (see {@link Table#writeThroughLeaders}).
   */
  void writeThroughLeaders(TableDefinition table, List<RowMutation> mutations, byte[] note) throws StorageException;

  /**
   * Appends mutations decided elsewhere, each cell complete with its timestamp (the edits an HBase cluster
   * replicates), to their tablets' logs through each tablet's leader, wherever it is; a tablet being split or merged
   * refuses its rows with {@link io.basalt.storage.errors.NotLeaderException}, the others' rows appended before
   * it staying appended (see {@link Table#writeAtLeaders}).
   */
  void writeAtLeaders(TableDefinition table, List<RowMutation> mutations) throws StorageException;

  /**
   * Erases rows {@code [lowRow, highRow)} (empty bounds are open) on every replica: an entry in the log of each tablet
   * the range overlaps, through its leader.
   */
  void eraseRows(TableDefinition table, byte[] lowRow, byte[] highRow) throws StorageException;

  /**
   * Writes the table's memtables out on every replica, at a point of each tablet's log after every entry appended
   * before the call: an entry in each tablet's log, through its leader.
   */
  void flush(TableDefinition table) throws StorageException;

  /**
   * Returns once this node's replicas of the tablets {@code range} overlaps have applied every entry committed before
   * the call, whether this node leads them or not.
   */
  void catchUp(TableDefinition table, RowRange range) throws StorageException;

  /** Returns once a read of {@code range} on this node is linearizable (this node leads its tablets, caught up). */
  void readBarrier(TableDefinition table, RowRange range) throws StorageException;

  /**
   * The highest cell timestamp this node's replica of {@code row}'s tablet applied, within the tolerated clock skew
   * ({@link TimestampFloors}), or {@link Long#MIN_VALUE}: a writer stamps no cell below it.
   */
  long timestampFloor(TableDefinition table, byte[] row) throws StorageException;
}
