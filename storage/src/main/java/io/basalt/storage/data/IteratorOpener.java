package io.basalt.storage.data;

import io.basalt.storage.errors.StorageException;
import java.util.List;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksIterator;

/**
 * Opens a cursor's iterators again, over the same families, with other read options: the owner of the families
 * checks that they still exist, and keeps them from being dropped while it opens.
 */
@FunctionalInterface
public interface IteratorOpener {
  /** One iterator per family of the cursor, in the cursor's family order, all over one state of the database. */
  List<RocksIterator> open(ReadOptions options) throws StorageException;
}
