package io.basalt.hbase.bulkload;

import io.basalt.storage.errors.StorageException;

/**
 * Where a bulk load writes one family's cells, in key order ({@link StoredCells} turns HBase's cells into these
 * calls): a new store file on a single node ({@code TabletIngest}), replicated writes in a cluster
 * ({@link ReplicatedRows}).
 */
interface CellSink {
  /** One cell version under its store type. */
  void put(byte[] row, byte[] qualifier, long timestamp, int type, byte[] value) throws StorageException;

  /** The removal of a stored cell version of exactly these coordinates and type. */
  void erase(byte[] row, byte[] qualifier, long timestamp, int type) throws StorageException;

  /** Writes whatever the sink still holds; entries it wrote. */
  long finish() throws StorageException;
}
