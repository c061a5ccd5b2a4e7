package io.basalt.conformance.copytable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.BasaltServerExtension;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.io.hfile.CacheConfig;
import org.apache.hadoop.hbase.io.hfile.HFile;
import org.apache.hadoop.hbase.io.hfile.HFileContextBuilder;
import org.apache.hadoop.hbase.tool.BulkLoadHFilesTool;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.util.ToolRunner;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * HBase 2.6.4's own bulk load tool ({@code BulkLoadHFilesTool}, as {@code completebulkload} runs it) loads HFiles
 * written by HBase's HFile writer into a Basalt table of three regions through PrepareBulkLoad, BulkLoadHFile and
 * CleanupBulkLoad: a file spanning every region is split by the tool as against HBase, compressed and block-encoded
 * files load, delete markers in a file hide older cells, a loaded cell replaces a stored one of the same coordinates
 * and a later put replaces it again (without an assigned sequence number the stored one stands above it), and the
 * loaded files leave the directory as HBase moves them. A family the
 * table lacks, a truncated file, a file damaged inside and a file of another family's cells are refused with
 * nothing loaded.
 */
class BulkLoadTest {
  @RegisterExtension
  static final BasaltServerExtension BASALT = new BasaltServerExtension();

  private static final byte[] F = Bytes.toBytes("f");
  private static final byte[] G = Bytes.toBytes("g");
  private static final byte[] Q = Bytes.toBytes("q");

  @TempDir
  Path work;
  private Configuration conf;

  @BeforeEach
  void configure() {
    conf = HBaseConfiguration.create();
    conf.set("hbase.zookeeper.quorum", BASALT.process().zookeeperHost());
    conf.setInt("hbase.zookeeper.property.clientPort", BASALT.process().zookeeperPort());
    conf.set("fs.defaultFS", "file:///");
  }

  @Test
  void hbasesToolLoadsFilesAcrossRegionsAsHBaseResolvesThem() throws Exception {
    TableName name = TableName.valueOf("bulk_loaded");
    try (Connection connection = ConnectionFactory.createConnection(conf); Admin admin = connection.getAdmin();
        Table table = createTable(admin, connection, name)) {
      table.put(new Put(Bytes.toBytes("b000")).addColumn(F, Q, 100, Bytes.toBytes("stored before")));
      table.put(new Put(Bytes.toBytes("c000")).addColumn(G, Q, 50, Bytes.toBytes("hidden by the file's marker")));
      Path input = work.resolve("input");
      // Family f: rows a000..z099 in one GZ/FAST_DIFF file, across all three regions; b000@100 is also stored.
      List<KeyValue> fCells = new ArrayList<>();
      for (char letter = 'a'; letter <= 'z'; letter++) {
        for (int i = 0; i < 100; i++) {
          fCells.add(new KeyValue(Bytes.toBytes(String.format("%c%03d", letter, i)), F, Q, 100,
              Bytes.toBytes("loaded " + letter + i)));
        }
      }
      writeHFile(input.resolve("f").resolve("all-rows"), Compression.Algorithm.GZ, DataBlockEncoding.FAST_DIFF,
          fCells);
      // Family g: a column delete over the stored c000@50, and a put, in a plain file.
      writeHFile(input.resolve("g").resolve("markers"), Compression.Algorithm.NONE, DataBlockEncoding.NONE, List.of(
          new KeyValue(Bytes.toBytes("c000"), G, Q, 60, KeyValue.Type.DeleteColumn),
          new KeyValue(Bytes.toBytes("c001"), G, Q, 70, Bytes.toBytes("g put"))));

      assertEquals(0, ToolRunner.run(conf, new BulkLoadHFilesTool(conf),
          new String[] {input.toString(), name.getNameAsString()}), "the tool's exit code");

      List<String> cells = cells(table);
      assertEquals(26 * 100 + 1, cells.size(), "every f row, and g's put: " + cells.subList(0, 5));
      assertTrue(cells.contains("b000/f:q@100=loaded b0"), "the loaded cell replaced the stored one");
      assertTrue(cells.contains("c001/g:q@70=g put"));
      assertFalse(cells.stream().anyMatch(cell -> cell.startsWith("c000/g:")), "the file's marker hides c000@50");
      assertTrue(cells.contains("z099/f:q@100=loaded z99"), "the last region's rows");
      try (Stream<Path> left = Files.walk(input)) {
        assertEquals(List.of(), left.filter(Files::isRegularFile)
            .filter(path -> !path.getFileName().toString().endsWith(".crc")).toList(),
            "the loaded files (and the halves the tool split off) left the directory");
      }
      table.put(new Put(Bytes.toBytes("b000")).addColumn(F, Q, 100, Bytes.toBytes("put after")));
      assertTrue(cells(table).contains("b000/f:q@100=put after"), "a later put replaces the loaded cell");
    }
  }

  @Test
  void withoutAnAssignedSequenceNumberTheStoredCellsStandAboveTheLoadedOnes() throws Exception {
    TableName name = TableName.valueOf("bulk_below");
    try (Connection connection = ConnectionFactory.createConnection(conf); Admin admin = connection.getAdmin();
        Table table = createTable(admin, connection, name)) {
      table.put(new Put(Bytes.toBytes("b000")).addColumn(F, Q, 100, Bytes.toBytes("stored")));
      Path input = work.resolve("below");
      writeHFile(input.resolve("f").resolve("file"), Compression.Algorithm.NONE, DataBlockEncoding.NONE, List.of(
          new KeyValue(Bytes.toBytes("b000"), F, Q, 100, Bytes.toBytes("loaded")),
          new KeyValue(Bytes.toBytes("b000"), F, Q, 90, Bytes.toBytes("older version")),
          new KeyValue(Bytes.toBytes("b001"), F, Q, 100, Bytes.toBytes("new row"))));
      Configuration below = new Configuration(conf);
      // HBase then counts the file older than every other of the store: its cell of b000@100 loses to the stored.
      below.setBoolean("hbase.mapreduce.bulkload.assign.sequenceNumbers", false);

      assertEquals(0, ToolRunner.run(below, new BulkLoadHFilesTool(below),
          new String[] {input.toString(), name.getNameAsString()}));

      assertEquals(List.of("b000/f:q@100=stored", "b000/f:q@90=older version", "b001/f:q@100=new row"),
          cellsAllVersions(table));
    }
  }

  @Test
  void badFilesLoadNothing() throws Exception {
    TableName name = TableName.valueOf("bulk_refused");
    try (Connection connection = ConnectionFactory.createConnection(conf); Admin admin = connection.getAdmin();
        Table table = createTable(admin, connection, name)) {
      Path unknown = work.resolve("unknown");
      writeHFile(unknown.resolve("f").resolve("good"), Compression.Algorithm.NONE, DataBlockEncoding.NONE,
          List.of(new KeyValue(Bytes.toBytes("a"), F, Q, 1, Bytes.toBytes("v"))));
      writeHFile(unknown.resolve("nosuch").resolve("bad"), Compression.Algorithm.NONE, DataBlockEncoding.NONE,
          List.of(new KeyValue(Bytes.toBytes("a"), Bytes.toBytes("nosuch"), Q, 1, Bytes.toBytes("v"))));
      IOException family = assertThrows(IOException.class, () -> ToolRunner.run(conf, new BulkLoadHFilesTool(conf),
          new String[] {unknown.toString(), name.getNameAsString()}));
      assertTrue(family.getMessage().contains("nosuch"), family.getMessage());

      Path truncated = work.resolve("truncated");
      writeHFile(truncated.resolve("f").resolve("good"), Compression.Algorithm.NONE, DataBlockEncoding.NONE,
          List.of(new KeyValue(Bytes.toBytes("b"), F, Q, 1, Bytes.toBytes("v"))));
      Path cut = truncated.resolve("f").resolve("cut");
      writeHFile(cut, Compression.Algorithm.GZ, DataBlockEncoding.NONE,
          List.of(new KeyValue(Bytes.toBytes("c"), F, Q, 1, Bytes.toBytes("v"))));
      try (FileChannel channel = FileChannel.open(cut, StandardOpenOption.WRITE)) {
        channel.truncate(Files.size(cut) / 2);
      }
      assertThrows(IOException.class, () -> ToolRunner.run(conf, new BulkLoadHFilesTool(conf),
          new String[] {truncated.toString(), name.getNameAsString()}));

      // Files the tool reads the ends of without complaint, refused by the server: a damaged block in the middle of
      // a file, and a file of family g's cells under f. Each region's call loads nothing, its good files neither.
      Path damaged = work.resolve("damaged");
      List<KeyValue> many = new ArrayList<>();
      for (int i = 0; i < 2_000; i++) {
        many.add(new KeyValue(Bytes.toBytes(String.format("a%05d", i)), F, Q, 1, Bytes.toBytes("value " + i)));
      }
      Path broken = damaged.resolve("f").resolve("broken");
      writeHFile(broken, Compression.Algorithm.NONE, DataBlockEncoding.NONE, many);
      writeHFile(damaged.resolve("g").resolve("good"), Compression.Algorithm.NONE, DataBlockEncoding.NONE,
          List.of(new KeyValue(Bytes.toBytes("a00001"), G, Q, 1, Bytes.toBytes("v"))));
      try (FileChannel channel = FileChannel.open(broken, StandardOpenOption.WRITE)) {
        channel.write(java.nio.ByteBuffer.wrap(new byte[64]), Files.size(broken) / 3);
      }
      Files.deleteIfExists(broken.resolveSibling(".broken.crc")); // as a file damaged on disk, not by the writer
      IOException corrupt = assertThrows(IOException.class, () -> ToolRunner.run(conf, new BulkLoadHFilesTool(conf),
          new String[] {damaged.toString(), name.getNameAsString()}));
      assertTrue(causes(corrupt).contains("CorruptHFileException"), causes(corrupt));

      Path mislabelled = work.resolve("mislabelled");
      writeHFile(mislabelled.resolve("f").resolve("of-g"), Compression.Algorithm.NONE, DataBlockEncoding.NONE,
          List.of(new KeyValue(Bytes.toBytes("a"), G, Q, 1, Bytes.toBytes("v"))));
      IOException foreign = assertThrows(IOException.class, () -> ToolRunner.run(conf, new BulkLoadHFilesTool(conf),
          new String[] {mislabelled.toString(), name.getNameAsString()}));
      assertTrue(causes(foreign).contains("holds cells of family g, not of family f"), causes(foreign));
      assertEquals(List.of(), cells(table), "nothing of any of the loads is visible");
    }
  }

  /** The messages of an exception and its causes. */
  private static String causes(Throwable e) {
    StringBuilder text = new StringBuilder();
    for (Throwable cause = e; cause != null; cause = cause.getCause()) {
      text.append(cause.getClass().getName()).append(": ").append(cause.getMessage()).append('\n');
    }
    return text.toString();
  }

  private static Table createTable(Admin admin, Connection connection, TableName name) throws IOException {
    admin.createTable(TableDescriptorBuilder.newBuilder(name)
        .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(F).setMaxVersions(3).build())
        .setColumnFamily(ColumnFamilyDescriptorBuilder.of(G)).build(),
        new byte[][] {Bytes.toBytes("g"), Bytes.toBytes("p")});
    return connection.getTable(name);
  }

  /** An HFile as HBase's writer writes one for a bulk load. */
  private void writeHFile(Path file, Compression.Algorithm compression, DataBlockEncoding encoding,
      List<KeyValue> cells) throws IOException {
    Files.createDirectories(file.getParent());
    HFile.Writer writer = HFile.getWriterFactory(conf, new CacheConfig(conf))
        .withPath(FileSystem.getLocal(conf), new org.apache.hadoop.fs.Path(file.toString()))
        .withFileContext(new HFileContextBuilder().withCompression(compression).withDataBlockEncoding(encoding)
            .withBlockSize(4096).build())
        .create();
    try {
      for (KeyValue cell : cells) {
        writer.append(cell);
      }
    } finally {
      writer.close();
    }
  }

  /** Every cell as row/family:qualifier@timestamp=value. */
  private static List<String> cells(Table table) throws IOException {
    return cells(table, new Scan());
  }

  private static List<String> cellsAllVersions(Table table) throws IOException {
    return cells(table, new Scan().readAllVersions());
  }

  private static List<String> cells(Table table, Scan scan) throws IOException {
    List<String> cells = new ArrayList<>();
    try (ResultScanner scanner = table.getScanner(scan)) {
      for (Result result : scanner) {
        for (Cell cell : result.rawCells()) {
          cells.add(Bytes.toString(CellUtil.cloneRow(cell)) + "/" + Bytes.toString(CellUtil.cloneFamily(cell)) + ":"
              + Bytes.toString(CellUtil.cloneQualifier(cell)) + "@" + cell.getTimestamp() + "="
              + Bytes.toString(CellUtil.cloneValue(cell)));
        }
      }
    }
    return cells;
  }
}
