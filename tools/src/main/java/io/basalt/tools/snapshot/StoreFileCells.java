package io.basalt.tools.snapshot;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.PrivateCellUtil;
import org.apache.hadoop.hbase.io.Reference;
import org.apache.hadoop.hbase.io.hfile.CacheConfig;
import org.apache.hadoop.hbase.io.hfile.HFile;
import org.apache.hadoop.hbase.io.hfile.HFileContext;
import org.apache.hadoop.hbase.io.hfile.HFileScanner;
import org.apache.hadoop.hbase.regionserver.HStoreFile;
import org.apache.hadoop.hbase.regionserver.TimeRangeTracker;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The cells of one of a snapshot's store files, read in order with HBase's HFile reader: the whole file, or for a
 * split daughter's reference only its half of the parent's file (rows from the split row on for the top half, rows
 * before it for the bottom half, as HBase's half-file reader divides them), so that no cell the other daughter
 * holds, or has since dropped, comes back. Also what the file's metadata says of its cells. Close to release the
 * file.
 *
 * <p>HBase's own ways to cut a half are out of reach in 2.6.4: {@code LoadIncrementalHFiles.splitStoreFile} is
 * package-private and writes both halves (and its {@code copyHFileHalf} private), and {@code HalfStoreFileReader}
 * takes a store's internals (its {@code ReaderContext}, {@code HFileInfo} and {@code StoreFileInfo}). A plain
 * reader with a seek to the split row reads the same cells, and only the half's blocks.
 */
final class StoreFileCells implements AutoCloseable {
  private final SnapshotFile file;
  private final Configuration conf;
  private final HFile.Reader reader;
  private final byte[] splitRow;
  private final boolean top;
  private HFileScanner scanner;
  private boolean started;
  private boolean done;

  private StoreFileCells(SnapshotFile file, Configuration conf, HFile.Reader reader) {
    this.file = file;
    this.conf = conf;
    this.reader = reader;
    Reference reference = file.reference();
    if (reference == null) {
      splitRow = null;
      top = false;
    } else {
      byte[] key = reference.getSplitKey();
      splitRow = CellUtil.cloneRow(new KeyValue.KeyOnlyKeyValue(key, 0, key.length));
      top = Reference.isTopFileRegion(reference.getFileRegion());
    }
  }

  /** Opens the file's trailer, file info and index; its cells are read as {@link #next()} asks. */
  static StoreFileCells open(SnapshotFile file, Configuration conf) throws IOException {
    QuietHFileMetrics.install();
    HFile.Reader reader;
    try {
      reader = HFile.createReader(FileSystem.getLocal(conf), file.path(), CacheConfig.DISABLED, true, conf);
    } catch (IOException | RuntimeException e) {
      throw new ImportException("cannot read " + file.path() + " (" + file.name() + ") as an HFile: "
          + e.getMessage(), e);
    }
    return new StoreFileCells(file, conf, reader);
  }

  SnapshotFile file() {
    return file;
  }

  /** The cells the file holds, all of them (the whole parent's for a reference), from its trailer. */
  long fileEntries() {
    return reader.getEntries();
  }

  /** The highest sequence id of the file's edits (of the parent's file for a reference); 0 if it has none. */
  long maxSequenceId() {
    byte[] value = reader.getHFileInfo().get(HStoreFile.MAX_SEQ_ID_KEY);
    return value == null ? 0 : Bytes.toLong(value);
  }

  /** When HBase bulk loaded the file, or 0: HBase orders files of equal sequence ids by it. */
  long bulkLoadTime() {
    byte[] value = reader.getHFileInfo().get(HStoreFile.BULKLOAD_TIME_KEY);
    return value == null ? 0 : Bytes.toLong(value);
  }

  /**
   * The oldest and newest timestamps of the file's cells (of the parent's file for a reference), both included,
   * from its metadata; every timestamp when it records none.
   */
  long[] timestamps() throws IOException {
    byte[] value = reader.getHFileInfo().get(HStoreFile.TIMERANGE_KEY);
    if (value == null) {
      return new long[] {Long.MIN_VALUE, Long.MAX_VALUE};
    }
    TimeRangeTracker tracker = TimeRangeTracker.parseFrom(value);
    return new long[] {tracker.getMin(), tracker.getMax()};
  }

  /** How the file was written, for a half to keep its tags. */
  HFileContext context() {
    return reader.getFileContext();
  }

  /** The next cell of the file (of its half), or null after the last; valid until the next call. */
  Cell next() throws IOException {
    if (done) {
      return null;
    }
    boolean on = started ? scanner.next() : start();
    started = true;
    if (!on || (splitRow != null && !top
        && CellComparator.getInstance().compareRows(scanner.getCell(), splitRow, 0, splitRow.length) >= 0)) {
      done = true;
      return null;
    }
    return scanner.getCell();
  }

  /** Positions the scanner on the first cell of the file or of its half; false if there is none. */
  private boolean start() throws IOException {
    scanner = reader.getScanner(conf, false, false);
    if (splitRow == null || !top) {
      return scanner.seekTo();
    }
    int found = scanner.seekTo(PrivateCellUtil.createFirstOnRow(splitRow));
    if (found < 0) {
      return scanner.seekTo(); // the whole file lies at or after the split row
    }
    // On the last cell before the first of the split row (it has no such cell): the half starts after it.
    return found == 0 || scanner.next();
  }

  @Override
  public void close() throws IOException {
    if (scanner != null) {
      scanner.close();
    }
    reader.close();
  }
}
