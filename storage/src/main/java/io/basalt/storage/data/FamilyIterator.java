package io.basalt.storage.data;

import io.basalt.storage.WouldBlockException;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.Status;

/**
 * One family's RocksDB iterator, remembering whether it is valid and which key it rests on until it next moves. A
 * cursor looks at the same position several times (is the next key still in this column? in this row? which row
 * comes first?), and each look would otherwise be a call into RocksDB and, for a key, a new array.
 */
final class FamilyIterator {
  private final RocksIterator iterator;
  private final String tableName;
  private final boolean nonBlocking;
  private boolean validKnown;
  private boolean valid;
  private byte[] key;

  FamilyIterator(RocksIterator iterator, String tableName, boolean nonBlocking) {
    this.iterator = iterator;
    this.tableName = tableName;
    this.nonBlocking = nonBlocking;
  }

  /**
   * Whether the iterator rests on a key. Without blocking, an iterator that could not read a block because it is
   * not in the cache says so only in its status, and may even stay valid on keys of its other sources (memtables,
   * other files) while the cells of that block are missing: its status is checked at every position.
   *
   * @throws WouldBlockException when reading on would have to wait
   */
  boolean valid() {
    if (!validKnown) {
      if (nonBlocking) {
        try {
          iterator.status();
        } catch (RocksDBException e) {
          throwIfIncomplete(e, tableName);
          // Any other failure is reported by CursorIterators.checkStatus() as a StorageException.
        }
      }
      valid = iterator.isValid();
      validKnown = true;
    }
    return valid;
  }

  /** The key the iterator rests on; call only when {@link #valid()}. Callers must not modify it. */
  byte[] key() {
    if (key == null) {
      key = iterator.key();
    }
    return key;
  }

  byte[] value() {
    return iterator.value();
  }

  void next() {
    moved();
    iterator.next();
  }

  void seek(byte[] target) {
    moved();
    iterator.seek(target);
  }

  void seekForPrev(byte[] target) {
    moved();
    iterator.seekForPrev(target);
  }

  void seekToFirst() {
    moved();
    iterator.seekToFirst();
  }

  void seekToLast() {
    moved();
    iterator.seekToLast();
  }

  void status() throws RocksDBException {
    iterator.status();
  }

  void close() {
    moved();
    iterator.close();
  }

  private void moved() {
    validKnown = false;
    key = null;
  }

  static void throwIfIncomplete(RocksDBException e, String tableName) {
    if (e.getStatus() != null && e.getStatus().getCode() == Status.Code.Incomplete) {
      throw new WouldBlockException("a block of table " + tableName + " is not in the block cache");
    }
  }
}
