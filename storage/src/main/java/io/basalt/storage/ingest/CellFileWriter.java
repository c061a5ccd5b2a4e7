package io.basalt.storage.ingest;

import io.basalt.storage.errors.StorageException;
import io.basalt.storage.keys.ByteArrays;
import io.basalt.storage.keys.CellKeys;
import java.nio.file.Path;
import java.util.Arrays;
import org.rocksdb.RocksDBException;
import org.rocksdb.SstFileWriter;

/**
 * Writes one family's cells, in key order, into an SST file RocksDB can ingest: each cell under its {@link CellKeys}
 * key, as the store's own writes put it. An erasure is a deletion entry, which removes a cell of those exact
 * coordinates stored before the file is ingested. Not thread-safe.
 *
 * <p>Cells must come in the order of their keys: by row and qualifier as unsigned bytes, then newest timestamp
 * first, then highest type first (HBase's order of cells within a family). A cell whose key equals the one before
 * it is passed over, so the first written of equal keys is the one kept.
 */
public final class CellFileWriter implements AutoCloseable {
  private final Path file;
  private final SstFileWriter writer;
  private byte[] lastKey;
  private byte[] firstRow;
  private byte[] lastRow;
  private long entries;
  private long bytes;
  private long skipped;
  private boolean finished;

  CellFileWriter(Path file, SstWriterOptions options) throws RocksDBException {
    this.file = file;
    this.writer = options.newWriter();
    try {
      writer.open(file.toString());
    } catch (RocksDBException e) {
      writer.close();
      throw e;
    }
  }

  /**
   * Writes one cell version; returns false, writing nothing, if the cell before it had the same key.
   *
   * @throws IllegalArgumentException if the cell comes before the one written last
   */
  public boolean put(byte[] row, byte[] qualifier, long timestamp, int type, byte[] value) throws StorageException {
    byte[] key = CellKeys.encode(row, qualifier, timestamp, type);
    if (!advance(key, row)) {
      return false;
    }
    try {
      writer.put(key, value);
    } catch (RocksDBException e) {
      throw failed(e);
    }
    bytes += key.length + value.length;
    return true;
  }

  /** Writes a deletion of the cell version with these exact coordinates, in the same order as {@link #put}. */
  public boolean erase(byte[] row, byte[] qualifier, long timestamp, int type) throws StorageException {
    byte[] key = CellKeys.encode(row, qualifier, timestamp, type);
    if (!advance(key, row)) {
      return false;
    }
    try {
      writer.delete(key);
    } catch (RocksDBException e) {
      throw failed(e);
    }
    bytes += key.length;
    return true;
  }

  private StorageException failed(RocksDBException e) {
    return new StorageException("cannot write " + file + ": " + e.getMessage(), e);
  }

  private boolean advance(byte[] key, byte[] row) {
    if (lastKey != null) {
      int order = ByteArrays.compare(key, lastKey);
      if (order == 0) {
        skipped++;
        return false;
      }
      if (order < 0) {
        throw new IllegalArgumentException("cells out of order: " + ByteArrays.toPrintable(row) + " after "
            + ByteArrays.toPrintable(lastRow));
      }
    }
    if (firstRow == null) {
      firstRow = row;
    }
    if (lastRow == null || !Arrays.equals(lastRow, row)) {
      lastRow = row;
    }
    lastKey = key;
    entries++;
    return true;
  }

  /** Entries written: cells and erasures. */
  public long entries() {
    return entries;
  }

  /** Bytes of the keys and values written, before RocksDB's compression. */
  public long bytes() {
    return bytes;
  }

  /** Cells passed over for having the key of the cell before them. */
  public long skipped() {
    return skipped;
  }

  /** The first row written, or null if none was. */
  byte[] firstRow() {
    return firstRow;
  }

  /** The last row written, or null if none was. */
  byte[] lastRow() {
    return lastRow;
  }

  Path file() {
    return file;
  }

  /** Completes the file, if it holds any entry (RocksDB makes no empty SST file); returns whether it does. */
  boolean finish() throws RocksDBException {
    if (!finished) {
      finished = true;
      if (entries > 0) {
        writer.finish();
      }
    }
    return entries > 0;
  }

  @Override
  public void close() {
    writer.close();
  }
}
