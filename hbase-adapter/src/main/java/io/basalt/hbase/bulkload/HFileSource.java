package io.basalt.hbase.bulkload;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.net.URI;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.io.hfile.CacheConfig;
import org.apache.hadoop.hbase.io.hfile.CorruptHFileException;
import org.apache.hadoop.hbase.io.hfile.HFile;
import org.apache.hadoop.hbase.io.hfile.HFileScanner;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * One HFile a bulk load names, opened with HBase's own HFile reader: its first and last rows, read from its index
 * when opened, and its cells in order. HFiles on the local file system only ({@code file:} paths, or paths without a
 * scheme): the server reads them where the client wrote them, as HBase's region servers read theirs from the
 * cluster's HDFS. Close to release the file.
 */
final class HFileSource implements AutoCloseable {
  private final Path path;
  private final HFile.Reader reader;
  private final byte[] firstRow;
  private final byte[] lastRow;
  private HFileScanner scanner;
  private boolean exhausted;
  private long cellsRead;
  /** The family of the file's first cell: every other must have it (a bulk load's file holds one family). */
  private byte[] family;

  private HFileSource(Path path, HFile.Reader reader, byte[] firstRow, byte[] lastRow) {
    this.path = path;
    this.reader = reader;
    this.firstRow = firstRow;
    this.lastRow = lastRow;
  }

  /**
   * Opens an HFile and reads its trailer, file info and index.
   *
   * @throws DoNotRetryIOException if the path is not on the local file system or there is no such file
   * @throws CorruptHFileException if the file is not an HFile, or a damaged or truncated one
   */
  static HFileSource open(String location, Configuration conf) throws IOException {
    Path path = localPath(location);
    HFileMetrics.quiet();
    FileSystem files = FileSystem.getLocal(conf);
    if (!files.exists(path)) {
      throw new DoNotRetryIOException(new FileNotFoundException("no HFile " + location + " to bulk load"));
    }
    HFile.Reader reader;
    try {
      reader = HFile.createReader(files, path, CacheConfig.DISABLED, true, conf);
    } catch (CorruptHFileException e) {
      throw e;
    } catch (IOException | RuntimeException e) {
      throw new CorruptHFileException("cannot read " + location + " as an HFile: " + e.getMessage(), e);
    }
    Optional<byte[]> first = reader.getFirstRowKey();
    Optional<byte[]> last = reader.getLastRowKey();
    return new HFileSource(path, reader, first.orElse(null), last.orElse(null));
  }

  /** The path of a location a client named: {@code file:} or none, anything else refused. */
  static Path localPath(String location) throws DoNotRetryIOException {
    URI uri;
    try {
      uri = new Path(location).toUri();
    } catch (IllegalArgumentException e) {
      throw new DoNotRetryIOException("'" + location + "' is not a path: " + e.getMessage());
    }
    if (uri.getScheme() != null && !"file".equals(uri.getScheme())) {
      throw new DoNotRetryIOException("cannot bulk load " + location + ": Basalt reads HFiles from the local file"
          + " system of the server (file: paths); copy them there first");
    }
    return new Path(uri.getPath());
  }

  Path path() {
    return path;
  }

  /** Whether the file holds no cell (HBase's tool passes such files over). */
  boolean isEmpty() {
    return firstRow == null;
  }

  /** The first row of the file; null if it is empty. */
  byte[] firstRow() {
    return firstRow;
  }

  /** The last row of the file; null if it is empty. */
  byte[] lastRow() {
    return lastRow;
  }

  /** The family of the file's cells, once the source is on its first; null before, or for an empty file. */
  byte[] family() {
    return family;
  }

  /** The compression and data block encoding the file was written with, for messages. */
  String format() {
    return reader.getFileContext().getCompression().getName() + "/" + reader.getDataBlockEncoding();
  }

  /** The cell the source is on, after {@link #advance()} returned true. */
  Cell cell() {
    return scanner.getCell();
  }

  /**
   * Moves to the file's first cell, then to each next one; false once past the last.
   *
   * @throws CorruptHFileException if a block cannot be read
   */
  boolean advance() throws IOException {
    if (exhausted) {
      return false;
    }
    try {
      boolean on;
      if (scanner == null) {
        scanner = reader.getScanner(new Configuration(false), false, false);
        on = scanner.seekTo();
      } else {
        on = scanner.next();
      }
      exhausted = !on;
      if (on) {
        cellsRead++;
        checkFamily(scanner.getCell());
      }
      return on;
    } catch (CorruptHFileException e) {
      throw e;
    } catch (IOException | RuntimeException e) {
      throw new CorruptHFileException("cannot read cell " + (cellsRead + 1) + " of " + path + " (" + format()
          + "), the file is damaged: " + e.getMessage(), e);
    }
  }

  /**
   * A cell of another family than the file's first is damage: HBase's writers put one family in a file, and a block
   * whose checksum fails is read again without it when the file system keeps none (a local file without its
   * {@code .crc}), so damaged bytes come back as cells.
   */
  private void checkFamily(Cell cell) throws CorruptHFileException {
    if (family == null) {
      family = CellUtil.cloneFamily(cell);
    } else if (!CellUtil.matchingFamily(cell, family)) {
      throw new CorruptHFileException("cell " + cellsRead + " of " + path + " is of family "
          + Bytes.toStringBinary(CellUtil.cloneFamily(cell)) + " after cells of family " + Bytes.toStringBinary(family)
          + ": the file is damaged");
    }
  }

  @Override
  public void close() throws IOException {
    if (scanner != null) {
      scanner.close();
    }
    reader.close(true);
  }

  @Override
  public String toString() {
    return path.toString();
  }
}
