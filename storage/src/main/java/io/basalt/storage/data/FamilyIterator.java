package io.basalt.storage.data;

import io.basalt.storage.errors.WouldBlockException;
import java.util.Arrays;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.Status;

/**
 * One family's RocksDB iterator, remembering whether it is valid and which key it rests on until it next moves. A
 * cursor looks at the same position several times (is the next key still in this column? in this row? which row
 * comes first?), and each look would otherwise be a call into RocksDB and, for a key, a new array.
 *
 * <p>Keys and values are copied out of RocksDB into a scratch array of the reading thread and from there into an
 * exact array of their own: an array that JNI allocates costs more than a Java one, about a sixth of what reading a
 * small cell costs.
 */
final class FamilyIterator {
  /** Keys and values longer than their scratch array come straight from JNI, which sizes them itself. */
  private static final int KEY_SCRATCH_BYTES = 512;
  private static final int VALUE_SCRATCH_BYTES = 16 * 1024;
  private static final ThreadLocal<byte[][]> SCRATCH =
      ThreadLocal.withInitial(() -> new byte[][] {new byte[KEY_SCRATCH_BYTES], new byte[VALUE_SCRATCH_BYTES]});

  private RocksIterator iterator;
  private final String tableName;
  private final boolean nonBlocking;
  private boolean validKnown;
  private boolean valid;
  private byte[] key;
  /**
   * The scratch arrays of {@link #scratchOwner}, looked up once per thread rather than twice per cell (a thread-local
   * lookup costs a few percent of a scan). A cursor may move between threads from call to call, so the arrays are
   * used only while the thread reading is the one they belong to.
   */
  private byte[][] scratch;
  private Thread scratchOwner;

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
      byte[] keyScratch = scratch()[0];
      int length = iterator.key(keyScratch, 0, keyScratch.length);
      key = length <= keyScratch.length ? Arrays.copyOf(keyScratch, length) : iterator.key();
    }
    return key;
  }

  /** The value of the key the iterator rests on, in an array of its own. */
  byte[] value() {
    byte[] valueScratch = scratch()[1];
    int length = iterator.value(valueScratch, 0, valueScratch.length);
    return length <= valueScratch.length ? Arrays.copyOf(valueScratch, length) : iterator.value();
  }

  private byte[][] scratch() {
    Thread reading = Thread.currentThread();
    if (reading != scratchOwner) {
      scratch = SCRATCH.get();
      scratchOwner = reading;
    }
    return scratch;
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

  /**
   * Lets go of an iterator another cursor may now use, without closing it: a use of this one after that fails
   * instead of reading someone else's position.
   */
  void detach() {
    moved();
    iterator = null;
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
