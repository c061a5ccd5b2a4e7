package io.basalt.hbase.bulkload;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.io.hfile.CorruptHFileException;
import org.apache.hadoop.hbase.io.hfile.HFile;
import org.apache.hadoop.hbase.io.hfile.HFileContextBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * HFiles written by HBase's own writer, compressed and block-encoded, read back through the server's classpath
 * (hbase-server's jar without its dependencies): rows, cells in order, several files of a family merged with
 * repeated coordinates given once, and damaged files or foreign file systems refused.
 */
class HFileSourceTest {
  private static final byte[] FAMILY = Bytes.toBytes("f");
  private final Configuration conf = HBaseConfiguration.create();

  @TempDir
  Path directory;

  @Test
  void readsCompressedEncodedFilesAndMergesAFamilysFilesInOrder() throws Exception {
    Path first = write("a", Compression.Algorithm.GZ, DataBlockEncoding.FAST_DIFF,
        put("r1", "q", 5, "first"), put("r3", "q", 5, "x"));
    Path second = write("b", Compression.Algorithm.NONE, DataBlockEncoding.PREFIX,
        new KeyValue(Bytes.toBytes("r1"), FAMILY, Bytes.toBytes("q"), 5, KeyValue.Type.DeleteColumn),
        put("r1", "q", 5, "repeated"), put("r2", "q", 9, "y"));
    List<HFileSource> sources = new ArrayList<>();
    try {
      sources.add(HFileSource.open("file:" + first, conf));
      sources.add(HFileSource.open(second.toString(), conf));
      assertArrayEquals(Bytes.toBytes("r1"), sources.get(0).firstRow());
      assertArrayEquals(Bytes.toBytes("r3"), sources.get(0).lastRow());
      assertEquals("gz/FAST_DIFF", sources.get(0).format());
      FamilyMerge merge = FamilyMerge.of(sources);
      List<String> cells = new ArrayList<>();
      for (Cell cell = merge.next(); cell != null; cell = merge.next()) {
        cells.add(Bytes.toString(CellUtil.cloneRow(cell)) + "@" + cell.getTimestamp() + "/" + cell.getType() + "="
            + Bytes.toString(CellUtil.cloneValue(cell)));
      }
      assertEquals(List.of("r1@5/DeleteColumn=", "r1@5/Put=first", "r2@9/Put=y", "r3@5/Put=x"), cells,
          "HBase's order, and of repeated coordinates the file named first");
      assertEquals(1, merge.duplicates());
    } finally {
      for (HFileSource source : sources) {
        source.close();
      }
    }
  }

  @Test
  void damagedFilesAndOtherFileSystemsAreRefused() throws Exception {
    Path file = write("c", Compression.Algorithm.GZ, DataBlockEncoding.NONE, put("r", "q", 1, "v"));
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
      channel.truncate(Files.size(file) / 2);
    }
    assertThrows(CorruptHFileException.class, () -> HFileSource.open(file.toString(), conf));
    Path text = Files.writeString(directory.resolve("notes.txt"), "not an HFile at all, but long enough to have"
        + " a trailer's worth of bytes at its end: ".repeat(20));
    assertThrows(CorruptHFileException.class, () -> HFileSource.open(text.toString(), conf));
    DoNotRetryIOException missing = assertThrows(DoNotRetryIOException.class,
        () -> HFileSource.open(directory.resolve("none").toString(), conf));
    assertTrue(missing.getMessage().contains("no HFile"), missing.getMessage());
    DoNotRetryIOException remote = assertThrows(DoNotRetryIOException.class,
        () -> HFileSource.open("hdfs://namenode:8020/bulk/f/x", conf));
    assertTrue(remote.getMessage().contains("local file system"), remote.getMessage());
  }

  @Test
  void aBlockDamagedInsideIsFoundWhileReadingTheCells() throws Exception {
    KeyValue[] cells = new KeyValue[2_000];
    for (int i = 0; i < cells.length; i++) {
      cells[i] = put(String.format("r%05d", i), "q", 1, "value " + i);
    }
    Path file = write("d", Compression.Algorithm.NONE, DataBlockEncoding.NONE, cells);
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
      channel.write(ByteBuffer.wrap(new byte[64]), Files.size(file) / 3);
    }
    // Without its checksum file, a block whose HBase checksum fails is read again unchecked: its bytes become cells.
    Files.deleteIfExists(file.resolveSibling(".d.crc"));
    try (HFileSource source = HFileSource.open(file.toString(), conf)) {
      CorruptHFileException e = assertThrows(CorruptHFileException.class, () -> {
        while (source.advance()) {
          source.cell();
        }
      });
      assertTrue(e.getMessage().contains("the file is damaged"), e.getMessage());
    }
  }

  private static KeyValue put(String row, String qualifier, long timestamp, String value) {
    return new KeyValue(Bytes.toBytes(row), FAMILY, Bytes.toBytes(qualifier), timestamp, Bytes.toBytes(value));
  }

  private Path write(String name, Compression.Algorithm compression, DataBlockEncoding encoding, KeyValue... cells)
      throws IOException {
    Path file = directory.resolve(name);
    HFileMetrics.quiet(); // the writer reports where the reader does
    HFile.Writer writer = HFile.getWriterFactoryNoCache(conf)
        .withPath(FileSystem.getLocal(conf), new org.apache.hadoop.fs.Path(file.toString()))
        .withFileContext(new HFileContextBuilder().withCompression(compression).withDataBlockEncoding(encoding)
            .build())
        .create();
    try {
      for (KeyValue cell : cells) {
        writer.append(cell);
      }
    } finally {
      writer.close();
    }
    return file;
  }
}
