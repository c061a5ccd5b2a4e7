package io.basalt.storage;

import io.basalt.storage.catalog.TabletDefinition;
import io.basalt.storage.keys.ByteArrays;
import io.basalt.storage.keys.CellKeys;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.LevelMetaData;
import org.rocksdb.Range;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.SizeApproximationFlag;
import org.rocksdb.Slice;
import org.rocksdb.SstFileMetaData;
import org.rocksdb.TableProperties;

/**
 * Estimates how much of a table's column families each of its tablets takes, from what RocksDB already keeps: the
 * block indexes of its files, the memtables' own statistics, and each file's key range and table properties.
 * Nothing is read from data blocks, so it is cheap enough to run on every metrics request.
 */
final class TabletSizer {
  private TabletSizer() {}

  /** The sizes of {@code tablets}, in their order, summed over {@code families}. */
  static List<TabletSize> approximate(RocksDB db, List<ColumnFamilyHandle> families, List<TabletDefinition> tablets)
      throws RocksDBException {
    TabletSize[] sizes = new TabletSize[tablets.size()];
    Arrays.fill(sizes, TabletSize.EMPTY);
    for (ColumnFamilyHandle family : families) {
      FamilyFiles files = FamilyFiles.of(db, family);
      byte[] pastLast = pastLastKey(db, family, files);
      if (pastLast == null) {
        continue; // the family holds nothing yet
      }
      for (int i = 0; i < sizes.length; i++) {
        TabletDefinition tablet = tablets.get(i);
        byte[] low = tablet.startRow().length == 0 ? ByteArrays.EMPTY : CellKeys.rowStart(tablet.startRow());
        byte[] high = tablet.endRow().length == 0 ? pastLast : CellKeys.rowStart(tablet.endRow());
        if (ByteArrays.compare(low, high) < 0) {
          sizes[i] = sizes[i].plus(measure(db, family, files, low, high));
        }
      }
    }
    return List.of(sizes);
  }

  /** The sorted files of one family with their table properties, as of one moment. */
  private record FamilyFiles(List<SstFileMetaData> files, Map<String, TableProperties> properties) {
    static FamilyFiles of(RocksDB db, ColumnFamilyHandle family) throws RocksDBException {
      List<SstFileMetaData> files = new ArrayList<>();
      for (LevelMetaData level : db.getColumnFamilyMetaData(family).levels()) {
        files.addAll(level.files());
      }
      return new FamilyFiles(files, files.isEmpty() ? Map.of() : db.getPropertiesOfAllTables(family));
    }

    /** Properties are keyed by the file's full path; null if the file was compacted away in between. */
    TableProperties propertiesOf(SstFileMetaData file) {
      return properties.get(file.path() + file.fileName());
    }
  }

  /** The keys {@code [low, high)} of one family. */
  private static TabletSize measure(RocksDB db, ColumnFamilyHandle family, FamilyFiles files, byte[] low,
      byte[] high) {
    long fileBytes;
    long memtableBytes;
    try (Slice start = new Slice(low); Slice limit = new Slice(high)) {
      Range range = new Range(start, limit);
      fileBytes = db.getApproximateSizes(family, List.of(range), SizeApproximationFlag.INCLUDE_FILES)[0];
      memtableBytes = db.getApproximateMemTableStats(family, range).size;
    }
    int fileCount = 0;
    long stored = 0;
    long raw = 0;
    long index = 0;
    long filter = 0;
    for (SstFileMetaData file : files.files()) {
      if (ByteArrays.compare(file.smallestKey(), high) >= 0 || ByteArrays.compare(file.largestKey(), low) < 0) {
        continue;
      }
      fileCount++;
      TableProperties properties = files.propertiesOf(file);
      if (properties != null) {
        stored += properties.getDataSize() + properties.getIndexSize() + properties.getFilterSize();
        raw += properties.getRawKeySize() + properties.getRawValueSize();
        index += properties.getIndexSize();
        filter += properties.getFilterSize();
      }
    }
    return new TabletSize(fileBytes, share(fileBytes, raw, stored), share(fileBytes, index, stored),
        share(fileBytes, filter, stored), memtableBytes, fileCount);
  }

  /** {@code bytes} scaled by {@code part / whole}. */
  private static long share(long bytes, long part, long whole) {
    return whole == 0 ? 0 : Math.round((double) bytes * part / whole);
  }

  /**
   * A key after every key of the family, in memtables (the last live key) or files (whose largest key may be a
   * deletion): the upper bound of a tablet that runs to the end of the table. Null when the family is empty.
   */
  private static byte[] pastLastKey(RocksDB db, ColumnFamilyHandle family, FamilyFiles files)
      throws RocksDBException {
    byte[] last = null;
    // The last key's block is read without entering the block cache: sizing runs for every metrics read, and must
    // not push out the blocks requests use.
    try (ReadOptions uncached = new ReadOptions().setFillCache(false);
        RocksIterator iterator = db.newIterator(family, uncached)) {
      iterator.seekToLast();
      if (iterator.isValid()) {
        last = iterator.key();
      } else {
        iterator.status();
      }
    }
    for (SstFileMetaData file : files.files()) {
      if (last == null || ByteArrays.compare(file.largestKey(), last) > 0) {
        last = file.largestKey();
      }
    }
    // Appending a zero byte gives the smallest key that sorts after it.
    return last == null ? null : Arrays.copyOf(last, last.length + 1);
  }
}
