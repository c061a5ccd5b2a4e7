package io.basalt.conformance.mapreduce;

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
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ClusterConnection;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.io.hfile.CacheConfig;
import org.apache.hadoop.hbase.io.hfile.HFile;
import org.apache.hadoop.hbase.io.hfile.HFileContextBuilder;
import org.apache.hadoop.hbase.shaded.protobuf.RequestConverter;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos;
import org.apache.hadoop.hbase.tool.BulkLoadHFilesTool;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.hbase.util.Pair;
import org.apache.hadoop.util.ToolRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * HBase 2.6.4's own bulk load tool ({@code BulkLoadHFilesTool}, as {@code completebulkload} runs it) loads the same
 * HFiles, written by HBase's HFile writer, into a three-region table on Basalt and on real HBase, which then read
 * alike: a file spanning every region is split by the tool, compressed and block-encoded files load, a file's delete
 * markers hide older cells, a loaded cell replaces a stored one of the same coordinates (the tool's loads always get
 * a sequence number assigned; a call without a token and without one stays below it), a later put replaces it
 * again, and both leave the same files in the input directory (HBase copies files from a file system other than its
 * HDFS). A family the table lacks and a truncated file load nothing on either.
 *
 * <p>Two files HBase loads and Basalt refuses, so that nothing of them is visible: a file damaged inside (HBase reads
 * only its ends before moving it into its store, and fails every later read of the damaged block) and a file of
 * family g's cells under f (HBase keeps it as it is, and reads then return g's cells from f's store).
 */
class BulkLoadTest {
  @RegisterExtension
  static final BasaltAndHBase SERVERS = new BasaltAndHBase();

  private static final byte[] F = Bytes.toBytes("f");
  private static final byte[] G = Bytes.toBytes("g");
  private static final byte[] Q = Bytes.toBytes("q");

  @TempDir
  Path work;

  @Test
  void loadsFilesAcrossRegionsAsHBaseLoadsThem() throws Exception {
    TableName name = SERVERS.newTable("bulk_loaded");
    Path input = work.resolve("input");
    // Family f: rows a000..z099 in one GZ/FAST_DIFF file across the three regions; b000@100 is also stored.
    List<KeyValue> fCells = new ArrayList<>();
    for (char letter = 'a'; letter <= 'z'; letter++) {
      for (int i = 0; i < 100; i++) {
        fCells.add(new KeyValue(Bytes.toBytes(String.format("%c%03d", letter, i)), F, Q, 100,
            Bytes.toBytes("loaded " + letter + i)));
      }
    }
    writeHFile(input.resolve("f").resolve("all-rows"), Compression.Algorithm.GZ, DataBlockEncoding.FAST_DIFF, fCells);
    // Family g: a column delete over the stored c000@50, and a put.
    writeHFile(input.resolve("g").resolve("markers"), Compression.Algorithm.NONE, DataBlockEncoding.NONE, List.of(
        new KeyValue(Bytes.toBytes("c000"), G, Q, 60, KeyValue.Type.DeleteColumn),
        new KeyValue(Bytes.toBytes("c001"), G, Q, 70, Bytes.toBytes("g put"))));

    List<List<String>> results = new ArrayList<>();
    for (Server server : SERVERS.both()) {
      createTable(server, name);
      try (Table table = server.connection().getTable(name)) {
        table.put(new Put(Bytes.toBytes("b000")).addColumn(F, Q, 100, Bytes.toBytes("stored before")));
        table.put(new Put(Bytes.toBytes("c000")).addColumn(G, Q, 50, Bytes.toBytes("hidden by the file's marker")));
        Path own = copyOf(input, server);
        load(server, own, name, server.jobConfiguration(work.resolve(server.name())));
        List<String> loaded = TableCells.visible(server, name);
        table.put(new Put(Bytes.toBytes("b000")).addColumn(F, Q, 100, Bytes.toBytes("put after")));
        results.add(List.of(String.join("\n", loaded), String.join("\n", TableCells.visible(server, name)),
            String.join("\n", filesLeft(own))));
      }
    }
    assertEquals(results.get(0), results.get(1),
        "HBase's cells (expected) and Basalt's after the load and after a put, and the files each left in the input");
    assertTrue(results.get(1).get(0).contains("b000/f:q@100=loaded b0"), "the loaded cell replaced the stored");
    assertTrue(results.get(1).get(0).split("\n").length == 26 * 100 + 1, "every f row and g's put");
  }

  @Test
  void theToolsLoadsGetASequenceNumberWhateverItsSettingSays() throws Exception {
    TableName name = SERVERS.newTable("bulk_unassigned");
    Path input = work.resolve("below");
    writeHFile(input.resolve("f").resolve("file"), Compression.Algorithm.NONE, DataBlockEncoding.NONE, List.of(
        new KeyValue(Bytes.toBytes("b000"), F, Q, 100, Bytes.toBytes("loaded")),
        new KeyValue(Bytes.toBytes("b000"), F, Q, 90, Bytes.toBytes("older version")),
        new KeyValue(Bytes.toBytes("b001"), F, Q, 100, Bytes.toBytes("new row"))));
    List<List<String>> results = new ArrayList<>();
    for (Server server : SERVERS.both()) {
      createTable(server, name);
      try (Table table = server.connection().getTable(name)) {
        table.put(new Put(Bytes.toBytes("b000")).addColumn(F, Q, 100, Bytes.toBytes("stored")));
      }
      Configuration below = server.jobConfiguration(work.resolve(server.name()));
      below.setBoolean("hbase.mapreduce.bulkload.assign.sequenceNumbers", false);
      load(server, copyOf(input, server), name, below);
      results.add(TableCells.visible(server, name));
    }
    assertEquals(results.get(0), results.get(1), "HBase's cells (expected) and Basalt's");
    assertTrue(results.get(1).contains("b000/f:q@100=loaded"), "a load with a token is assigned one: "
        + results.get(1));
  }

  /**
   * A BulkLoadHFile call without a bulk token (as no tool of HBase 2 sends) is taken at its word: without an
   * assigned sequence number, HBase counts the file older than every other of its store.
   */
  @Test
  void aCallWithoutATokenOrASequenceNumberLoadsBelowTheStoredCells() throws Exception {
    TableName name = SERVERS.newTable("bulk_below");
    Path input = work.resolve("untokened");
    writeHFile(input.resolve("f").resolve("file"), Compression.Algorithm.NONE, DataBlockEncoding.NONE, List.of(
        new KeyValue(Bytes.toBytes("b000"), F, Q, 100, Bytes.toBytes("loaded")),
        new KeyValue(Bytes.toBytes("b001"), F, Q, 100, Bytes.toBytes("new row"))));
    List<List<String>> results = new ArrayList<>();
    for (Server server : SERVERS.both()) {
      createTable(server, name);
      try (Table table = server.connection().getTable(name)) {
        table.put(new Put(Bytes.toBytes("b000")).addColumn(F, Q, 100, Bytes.toBytes("stored")));
      }
      Path file = copyOf(input, server).resolve("f").resolve("file");
      HRegionLocation region = server.connection().getRegionLocator(name).getRegionLocation(Bytes.toBytes("b"));
      ClientProtos.BulkLoadHFileRequest request = RequestConverter.buildBulkLoadHFileRequest(
          List.of(new Pair<>(F, file.toString())), region.getRegion().getRegionName(), false, null, null);
      boolean loaded = ((ClusterConnection) server.connection()).getClient(region.getServerName())
          .bulkLoadHFile(null, request).getLoaded();
      results.add(List.of(String.valueOf(loaded), String.join("\n", TableCells.visible(server, name))));
    }
    assertEquals(results.get(0), results.get(1), "HBase's answer and cells (expected) and Basalt's");
  }

  @Test
  void anUnknownFamilyOrATruncatedFileLoadsNothingOnEither() throws Exception {
    TableName name = SERVERS.newTable("bulk_refused");
    Path unknown = work.resolve("unknown");
    writeHFile(unknown.resolve("f").resolve("good"), Compression.Algorithm.NONE, DataBlockEncoding.NONE,
        List.of(new KeyValue(Bytes.toBytes("a"), F, Q, 1, Bytes.toBytes("v"))));
    writeHFile(unknown.resolve("nosuch").resolve("bad"), Compression.Algorithm.NONE, DataBlockEncoding.NONE,
        List.of(new KeyValue(Bytes.toBytes("a"), Bytes.toBytes("nosuch"), Q, 1, Bytes.toBytes("v"))));
    Path truncated = work.resolve("truncated");
    writeHFile(truncated.resolve("f").resolve("good"), Compression.Algorithm.NONE, DataBlockEncoding.NONE,
        List.of(new KeyValue(Bytes.toBytes("b"), F, Q, 1, Bytes.toBytes("v"))));
    Path cut = truncated.resolve("f").resolve("cut");
    writeHFile(cut, Compression.Algorithm.GZ, DataBlockEncoding.NONE,
        List.of(new KeyValue(Bytes.toBytes("c"), F, Q, 1, Bytes.toBytes("v"))));
    try (FileChannel channel = FileChannel.open(cut, StandardOpenOption.WRITE)) {
      channel.truncate(Files.size(cut) / 2);
    }
    for (Server server : SERVERS.both()) {
      createTable(server, name);
      Configuration conf = server.jobConfiguration(work.resolve(server.name()));
      IOException family = assertThrows(IOException.class, () -> ToolRunner.run(conf, new BulkLoadHFilesTool(conf),
          new String[] {copyOf(unknown, server).toString(), name.getNameAsString()}));
      assertTrue(family.getMessage().contains("nosuch"), server + ": " + family.getMessage());
      assertThrows(IOException.class, () -> ToolRunner.run(conf, new BulkLoadHFilesTool(conf),
          new String[] {copyOf(truncated, server).toString(), name.getNameAsString()}));
      assertEquals(List.of(), TableCells.raw(server, name), server + ": nothing of either load is visible");
    }
  }

  @Test
  void basaltRefusesADamagedFileAndAFileOfAnotherFamilysCells() throws Exception {
    Server basalt = SERVERS.basalt();
    TableName name = SERVERS.newTable("bulk_damaged");
    createTable(basalt, name);
    Configuration conf = basalt.jobConfiguration(work.resolve("basalt"));
    // Region one's f file damaged in the middle, with a good g file for the same region: neither loads.
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
      channel.write(ByteBuffer.wrap(new byte[64]), Files.size(broken) / 3);
    }
    Files.deleteIfExists(broken.resolveSibling(".broken.crc")); // damaged on disk, not by its writer
    IOException corrupt = assertThrows(IOException.class, () -> ToolRunner.run(conf, new BulkLoadHFilesTool(conf),
        new String[] {damaged.toString(), name.getNameAsString()}));
    assertTrue(causes(corrupt).contains("CorruptHFileException"), causes(corrupt));

    Path mislabelled = work.resolve("mislabelled");
    writeHFile(mislabelled.resolve("f").resolve("of-g"), Compression.Algorithm.NONE, DataBlockEncoding.NONE,
        List.of(new KeyValue(Bytes.toBytes("a"), G, Q, 1, Bytes.toBytes("v"))));
    IOException foreign = assertThrows(IOException.class, () -> ToolRunner.run(conf, new BulkLoadHFilesTool(conf),
        new String[] {mislabelled.toString(), name.getNameAsString()}));
    assertTrue(causes(foreign).contains("holds cells of family g, not of family f"), causes(foreign));
    assertEquals(List.of(), TableCells.raw(basalt, name), "nothing of either load is visible");
  }

  private static void load(Server server, Path input, TableName name, Configuration conf) throws Exception {
    server.run(new BulkLoadHFilesTool(conf), conf, input.toString(), name.getNameAsString());
  }

  /** A copy of the input for one server's load, which moves the files it loads out of their directory. */
  private Path copyOf(Path input, Server server) throws IOException {
    Path copy = work.resolve(server.name() + "-" + input.getFileName());
    try (Stream<Path> paths = Files.walk(input)) {
      for (Path path : paths.toList()) {
        Path target = copy.resolve(input.relativize(path).toString());
        if (Files.isDirectory(path)) {
          Files.createDirectories(target);
        } else {
          Files.copy(path, target);
        }
      }
    }
    return copy;
  }

  /**
   * The files left under a load's directory, relative to it, the random names of the halves the tool splits off
   * masked and Hadoop's checksum files aside.
   */
  private static List<String> filesLeft(Path directory) throws IOException {
    try (Stream<Path> left = Files.walk(directory)) {
      return left.filter(Files::isRegularFile).filter(path -> !path.getFileName().toString().endsWith(".crc"))
          .map(path -> directory.relativize(path).toString().replaceAll("[0-9a-f]{32}", "<id>")).sorted().toList();
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

  private static void createTable(Server server, TableName name) throws IOException {
    try (Admin admin = server.admin()) {
      admin.createTable(TableDescriptorBuilder.newBuilder(name)
          .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(F).setMaxVersions(3).build())
          .setColumnFamily(ColumnFamilyDescriptorBuilder.of(G)).build(),
          new byte[][] {Bytes.toBytes("g"), Bytes.toBytes("p")});
    }
  }

  /** An HFile as HBase's writer writes one for a bulk load. */
  private static void writeHFile(Path file, Compression.Algorithm compression, DataBlockEncoding encoding,
      List<KeyValue> cells) throws IOException {
    Files.createDirectories(file.getParent());
    Configuration conf = new Configuration();
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
}
