package io.basalt.tools.snapshot;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.regionserver.StoreFileWriter;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Writes one region of the frozen table into the export: a raw scan of the region's rows with every version (delete
 * markers included, and each cell's TTL tag, see {@link ExportSnapshotCommand}) gives the cells in HBase's order,
 * each family's into one HFile of its own, opened when the family's first cell arrives (a family without cells in
 * the region gets no file, as a region server flushes none).
 */
final class RegionExport {
  /**
   * The sequence id recorded in every file. The cells carry none (the client's reads do not return them), so the
   * file stands for one flush of its region; HBase opens the cloned region above it.
   */
  static final long SEQUENCE_ID = 1;
  private static final int CACHING = 500;
  private static final long MAX_RESULT_BYTES = 4L << 20;

  /** One HFile written: its family, name and length. */
  record FamilyFile(byte[] family, String name, long size) {}

  /** A region as exported: its region info (of the exported table) and its files. */
  record ExportedRegion(RegionInfo info, List<FamilyFile> files, long cells) {
    long bytes() {
      return files.stream().mapToLong(FamilyFile::size).sum();
    }
  }

  private final Connection connection;
  private final TableName frozen;
  private final FamilyFormats formats;
  private final ExportDirectory dir;
  private final FileSystem files;

  RegionExport(Connection connection, TableName frozen, FamilyFormats formats, ExportDirectory dir,
      FileSystem files) {
    this.connection = connection;
    this.frozen = frozen;
    this.formats = formats;
    this.dir = dir;
    this.files = files;
  }

  /**
   * Reads the rows of {@code region} from the frozen table and writes them as the files of {@code exported}; stops
   * between two batches of rows once {@code stop} says so (another region failed).
   */
  ExportedRegion export(RegionInfo region, RegionInfo exported, BooleanSupplier stop) throws IOException {
    Map<byte[], Writer> writers = new TreeMap<>(Bytes.BYTES_COMPARATOR);
    long cells = 0;
    boolean complete = false;
    Scan scan = new Scan()
        .withStartRow(region.getStartKey(), true)
        .withStopRow(region.getEndKey(), false)
        .setRaw(true)
        .readAllVersions()
        .setCaching(CACHING)
        .setMaxResultSize(MAX_RESULT_BYTES)
        .setAllowPartialResults(true)
        .setCacheBlocks(false);
    try (Table table = connection.getTable(frozen); ResultScanner scanner = table.getScanner(scan)) {
      for (Result result = scanner.next(); result != null; result = scanner.next()) {
        if (stop.getAsBoolean()) {
          throw new ExportException("stopped: another region failed");
        }
        for (Cell cell : result.rawCells()) {
          byte[] family = CellUtil.cloneFamily(cell);
          Writer writer = writers.get(family);
          if (writer == null) {
            writer = new Writer(family, dir.newHFile(exported, family));
            writers.put(family, writer);
          }
          writer.append(cell, exported);
          cells++;
        }
      }
      complete = true;
    } finally {
      closeAll(writers.values(), complete);
    }
    List<FamilyFile> written = new ArrayList<>();
    for (Writer writer : writers.values()) {
      written.add(new FamilyFile(writer.family, writer.path.getFileName().toString(), Files.size(writer.path)));
    }
    return new ExportedRegion(exported, List.copyOf(written), cells);
  }

  /**
   * Closes every writer, with its file info when the region was read whole; the first failure is thrown with the
   * others added to it. A region that failed part way leaves its files for the export's rollback to remove.
   */
  private static void closeAll(Iterable<Writer> writers, boolean complete) throws IOException {
    IOException failure = null;
    for (Writer writer : writers) {
      try {
        writer.close(complete);
      } catch (IOException e) {
        if (failure == null) {
          failure = e;
        } else {
          failure.addSuppressed(e);
        }
      }
    }
    if (failure != null) {
      throw failure;
    }
  }

  /** One family's HFile of the region. */
  private final class Writer {
    private final byte[] family;
    private final Path path;
    private final StoreFileWriter out;

    Writer(byte[] family, Path path) throws IOException {
      this.family = family;
      this.path = path;
      this.out = formats.open(files, new org.apache.hadoop.fs.Path(path.toUri()), family);
    }

    void append(Cell cell, RegionInfo region) throws IOException {
      try {
        out.append(cell);
      } catch (IOException e) {
        throw new ExportException("cannot write cell " + cell + " of region " + region.getEncodedName() + " to "
            + path + ": " + e.getMessage(), e);
      }
    }

    void close(boolean complete) throws IOException {
      if (complete) {
        // As a flush's file: not a major compaction's, since it keeps versions and delete markers one would drop.
        out.appendMetadata(SEQUENCE_ID, false);
      }
      out.close();
    }
  }
}
