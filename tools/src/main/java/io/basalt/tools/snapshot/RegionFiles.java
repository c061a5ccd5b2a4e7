package io.basalt.tools.snapshot;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.io.hfile.CacheConfig;
import org.apache.hadoop.hbase.io.hfile.HFile;
import org.apache.hadoop.hbase.io.hfile.HFileContext;
import org.apache.hadoop.hbase.io.hfile.HFileContextBuilder;

/**
 * Turns one region's store files into the files its bulk load takes: a snapshot's own HFile as it is (the server
 * reads it in place, and copies it, so it stays in the export), a reference as a new HFile of just its half of the
 * parent's file, written under the work directory and removed once the region is loaded.
 *
 * <p>Halves are written uncompressed and unencoded: they live for one region's load, on the machine that reads
 * them, and compression costs the CPU the import needs. Measured here with HBase's writer, 800,000 cells with
 * 100-byte values, half of each random: 10.4-12.6 s uncompressed (108 MB) against 13.3-16.7 s with GZ (45 MB),
 * and reading them back took as long either way (0.6-2.4 s against 1.5-1.7 s).
 */
final class RegionFiles {
  private static final int HALF_BLOCK_SIZE = 64 * 1024;

  private final Configuration conf;
  private final Path workDir;

  RegionFiles(Configuration conf, Path workDir) {
    this.conf = conf;
    this.workDir = workDir;
  }

  /** The files to load for a region; halves are written under {@code workDir/<region>/}. */
  List<LoadFile> prepare(String region, List<SnapshotFile> files) throws IOException {
    List<LoadFile> prepared = new ArrayList<>();
    try {
      for (SnapshotFile file : files) {
        try (StoreFileCells cells = StoreFileCells.open(file, conf)) {
          prepared.add(file.isReference() ? writeHalf(region, cells)
              : whole(file, cells));
        }
      }
    } catch (IOException | RuntimeException e) {
      remove(prepared);
      throw e;
    }
    return prepared;
  }

  /** Removes the halves among {@code files}. */
  void remove(List<LoadFile> files) throws IOException {
    FileSystem local = FileSystem.getLocal(conf);
    for (LoadFile file : files) {
      if (file.temporary()) {
        local.delete(file.path(), false);
      }
    }
  }

  private static LoadFile whole(SnapshotFile file, StoreFileCells cells) throws IOException {
    long[] timestamps = cells.timestamps();
    return new LoadFile(file.family(), file.path(), file.name(), cells.fileEntries(), file.size(), timestamps[0],
        timestamps[1], cells.maxSequenceId(), cells.bulkLoadTime(), false);
  }

  private LoadFile writeHalf(String region, StoreFileCells cells) throws IOException {
    SnapshotFile file = cells.file();
    Path out = new Path(new Path(new Path(workDir, region), file.familyName()), file.name());
    HFileContext source = cells.context();
    HFileContext context = new HFileContextBuilder().withIncludesTags(source.isIncludesTags())
        .withIncludesMvcc(false).withCompression(Compression.Algorithm.NONE)
        .withDataBlockEncoding(DataBlockEncoding.NONE).withBlockSize(HALF_BLOCK_SIZE)
        .withCellComparator(CellComparator.getInstance()).withColumnFamily(file.family()).build();
    FileSystem local = FileSystem.getLocal(conf);
    long count = 0;
    long oldest = Long.MAX_VALUE;
    long newest = Long.MIN_VALUE;
    HFile.Writer writer = HFile.getWriterFactory(conf, CacheConfig.DISABLED).withPath(local, out)
        .withFileContext(context).create();
    try {
      for (Cell cell = cells.next(); cell != null; cell = cells.next()) {
        writer.append(cell);
        count++;
        oldest = Math.min(oldest, cell.getTimestamp());
        newest = Math.max(newest, cell.getTimestamp());
      }
    } finally {
      writer.close();
    }
    return new LoadFile(file.family(), out, file.name() + " (its half of " + file.path().getName() + ")", count,
        local.getFileStatus(out).getLen(), oldest, newest, cells.maxSequenceId(), cells.bulkLoadTime(), true);
  }
}
