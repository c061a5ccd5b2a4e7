package io.basalt.tools.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.BasaltServerExtension;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code basalt import-snapshot} against real HBase 2.6.4: snapshots of a table HBase wrote (see
 * {@link SnapshottedHBaseTable}), exported with HBase's own ExportSnapshot, imported into Basalt; every cell of
 * the imported table, raw and in every version, must equal HBase's own clone of the same snapshot, with the same
 * region boundaries and schema, the tool's count must say so, and the export must be left as it was. The errors an
 * operator meets (no snapshot, two snapshots, a missing HFile, an existing table) are one clear line each, with
 * nothing created; a damaged file stops the load, the table dropped again if nothing was loaded yet, else left
 * with a message saying how much was.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@ExtendWith(SnapshotTestClusters.Resolver.class)
class ImportSnapshotTest {
  private static SnapshotTestClusters clusters;
  private static Path work;
  private static Path exportRoot;
  private static Connection hbase;
  private static Connection basalt;
  private static SnapshottedHBaseTable source;

  @BeforeAll
  static void snapshotInHBaseAndExport(SnapshotTestClusters shared) throws Exception {
    clusters = shared;
    work = clusters.newDir("import-");
    hbase = ConnectionFactory.createConnection(clusters.hbaseClient(false));
    basalt = ConnectionFactory.createConnection(clusters.basaltClient(false));
    try (Admin admin = hbase.getAdmin()) {
      SnapshottedHBaseTable.create(admin);
    }
    source = new SnapshottedHBaseTable(hbase);
    source.writeAndSnapshot();
    exportRoot = work.resolve("export");
    HBaseExportSnapshot.run(SnapshottedHBaseTable.FIRST, clusters.hbaseRoot(), exportRoot, work);
    HBaseExportSnapshot.run(SnapshottedHBaseTable.SECOND, clusters.hbaseRoot(), exportRoot, work);
  }

  @AfterAll
  static void closeAndRemoveWhatThisClassWrote() throws IOException {
    for (AutoCloseable closeable : new AutoCloseable[] {hbase, basalt}) {
      try {
        if (closeable != null) {
          closeable.close();
        }
      } catch (Exception e) {
        throw new IOException("cleanup failed", e);
      }
    }
    if (work != null) {
      BasaltServerExtension.deleteRecursively(work);
    }
  }

  @Test
  @Order(1)
  void importsASnapshotWithSplitReferencesCellForCell() throws Exception {
    Path snapshotDir = snapshotDir(SnapshottedHBaseTable.FIRST);
    assertTrue(hasReferences(snapshotDir), "the split's daughters hold references in the snapshot");
    awaitTtlCellsExpired();
    Map<String, Long> exportBefore = files(exportRoot);
    Path halves = Files.createDirectories(work.resolve("halves"));

    Run run = importSnapshot("--snapshot-dir", snapshotDir.toString(), "--to", basaltCluster(),
        "--work-dir", halves.toString());

    assertEquals(0, run.exit(), run.output());
    assertTrue(run.output().contains("snapshot orders_first of shop:orders: 4 regions"), run.output());
    assertTrue(run.output().contains("VERIFIED"), run.output());
    assertTrue(run.output().contains("1 cell of the files repeats another's"), run.output());
    assertTrue(run.output().contains("5 cells of the files are past their TTL"), run.output());
    TableName clone = cloneInHBase(SnapshottedHBaseTable.FIRST, "orders_first_clone");
    assertSameTable(clone, SnapshottedHBaseTable.TABLE);
    assertEquals(exportBefore, files(exportRoot), "the export is as it was");
    try (Stream<Path> left = Files.list(halves)) {
      assertEquals(List.of(), left.toList(), "the halves written for the load are gone");
    }
  }

  @Test
  @Order(2)
  void importsTheLaterSnapshotUnderAnotherName() throws Exception {
    TableName renamed = TableName.valueOf("shop", "orders_second");
    Run run = importSnapshot("--snapshot-dir", snapshotDir(SnapshottedHBaseTable.SECOND).toString(),
        "--to", basaltCluster(), "--table", renamed.getNameAsString(), "--threads", "3");
    assertEquals(0, run.exit(), run.output());
    assertTrue(run.output().contains("VERIFIED"), run.output());
    assertSameTable(cloneInHBase(SnapshottedHBaseTable.SECOND, "orders_second_clone"), renamed);
  }

  @Test
  @Order(3)
  void refusesATableThatExists() throws Exception {
    List<String> before = rawCells(basalt, SnapshottedHBaseTable.TABLE);
    Run run = importSnapshot("--snapshot-dir", snapshotDir(SnapshottedHBaseTable.FIRST).toString(),
        "--to", basaltCluster());
    assertEquals(1, run.exit(), run.output());
    assertTrue(run.output().contains("error: table shop:orders already exists"), run.output());
    assertEquals(before, rawCells(basalt, SnapshottedHBaseTable.TABLE), "the table is untouched");
  }

  @Test
  @Order(4)
  void refusesADirectoryWithoutOneSnapshot() throws Exception {
    Path empty = Files.createDirectories(work.resolve("empty"));
    Run none = importSnapshot("--snapshot-dir", empty.toString(), "--to", basaltCluster());
    assertEquals(1, none.exit(), none.output());
    assertTrue(none.output().contains("error: no HBase snapshot in " + empty), none.output());

    Run two = importSnapshot("--snapshot-dir", exportRoot.toString(), "--to", basaltCluster());
    assertEquals(1, two.exit(), two.output());
    assertTrue(two.output().contains("holds 2 snapshots (orders_first, orders_second); name one"), two.output());
  }

  @Test
  @Order(5)
  void namesAMissingHFileAndCreatesNothing() throws Exception {
    Path copy = copyOfTheExport("missing-file");
    Path removed = inCopy(copy, firstFileOfRegion(0));
    Files.delete(removed);
    TableName never = TableName.valueOf("shop", "never_created");
    Run run = importSnapshot("--snapshot-dir", snapshotDirIn(copy), "--to", basaltCluster(),
        "--table", never.getNameAsString());
    assertEquals(1, run.exit(), run.output());
    assertTrue(run.output().contains("error: missing HFile " + removed.getFileName()), run.output());
    assertFalse(tableExists(never), "no table was created");
  }

  @Test
  @Order(6)
  void aDamagedFileStopsTheLoadAndSaysHowMuchWasLoaded() throws Exception {
    Path copy = copyOfTheExport("damaged-last-region");
    Path damaged = inCopy(copy, firstFileOfRegion(3));
    overwriteFirstDataBlock(damaged);
    TableName partial = TableName.valueOf("shop", "partly_loaded");
    Run run = importSnapshot("--snapshot-dir", snapshotDirIn(copy), "--to", basaltCluster(),
        "--table", partial.getNameAsString(), "--threads", "1");
    assertEquals(1, run.exit(), run.output());
    assertTrue(run.output().contains("error: the load failed after 3 of 4 regions were loaded"), run.output());
    assertTrue(run.output().contains("shop:partly_loaded holds part of the snapshot: drop it"), run.output());
    // Only the server reads the data blocks: its answer, naming the file, comes through HBase's bulk load tool.
    assertTrue(run.output().contains("BulkLoad encountered an unrecoverable problem <- "), run.output());
    assertTrue(run.output().contains(damaged.getFileName().toString()), run.output());
    assertTrue(tableExists(partial), "left for the operator to see");
  }

  @Test
  @Order(7)
  void aFailureBeforeAnyRegionLoadedDropsWhatTheImportCreated() throws Exception {
    Path copy = copyOfTheExport("damaged-first-region");
    truncate(inCopy(copy, firstFileOfRegion(0)));
    TableName dropped = TableName.valueOf("scratch", "dropped_again");
    Run run = importSnapshot("--snapshot-dir", snapshotDirIn(copy), "--to", basaltCluster(),
        "--table", dropped.getNameAsString(), "--threads", "1");
    assertEquals(1, run.exit(), run.output());
    assertTrue(run.output().contains("before any region was loaded, and scratch:dropped_again was dropped again"),
        run.output());
    assertFalse(tableExists(dropped));
    try (Admin admin = basalt.getAdmin()) {
      assertFalse(Arrays.stream(admin.listNamespaces()).anyMatch("scratch"::equals), "the namespace is gone too");
    }
  }

  /** A copy of the export root, to damage. */
  private static Path copyOfTheExport(String name) throws IOException {
    Path copy = work.resolve(name);
    try (Stream<Path> walk = Files.walk(exportRoot)) {
      for (Path path : walk.toList()) {
        Path target = copy.resolve(exportRoot.relativize(path).toString());
        if (Files.isDirectory(path)) {
          Files.createDirectories(target);
        } else {
          Files.copy(path, target);
        }
      }
    }
    return copy;
  }

  /** The first store file of the first snapshot's region {@code index}, in key order, in the export. */
  private static Path firstFileOfRegion(int index) throws IOException {
    ExportedSnapshot first = ExportedSnapshot.open(snapshotDir(SnapshottedHBaseTable.FIRST));
    SnapshotFile file = new SnapshotFiles(first).of(first.servingRegions().get(index)).get(0);
    return Path.of(file.path().toUri());
  }

  private static Path inCopy(Path copy, Path inExport) {
    return copy.resolve(exportRoot.relativize(inExport).toString());
  }

  private static String snapshotDirIn(Path copy) {
    return copy.resolve(".hbase-snapshot").resolve(SnapshottedHBaseTable.FIRST).toString();
  }

  /**
   * Zeroes bytes in the file's first data block, whose checksum then fails, and drops the file's checksum file, as a
   * file damaged on disk: its trailer, file info and index, all a client reads of it, stay as they were.
   */
  private static void overwriteFirstDataBlock(Path file) throws IOException {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
      channel.write(ByteBuffer.wrap(new byte[64]), 100);
    }
    Files.deleteIfExists(file.resolveSibling("." + file.getFileName() + ".crc"));
  }

  /** Cuts a file to half its length, and drops its checksum file, as a file damaged on disk. */
  private static void truncate(Path file) throws IOException {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
      channel.truncate(channel.size() / 2);
    }
    Files.deleteIfExists(file.resolveSibling("." + file.getFileName() + ".crc"));
  }

  private static boolean tableExists(TableName name) throws IOException {
    try (Admin admin = basalt.getAdmin()) {
      return admin.tableExists(name);
    }
  }

  /** The imported table equals HBase's clone: raw cells, region boundaries, families' versions and TTLs. */
  private static void assertSameTable(TableName inHBase, TableName inBasalt) throws IOException {
    List<String> expected = rawCells(hbase, inHBase);
    assertTrue(expected.size() > 500, "the clone holds the table's cells: " + expected.size());
    assertEquals(expected, rawCells(basalt, inBasalt));
    assertEquals(startKeys(hbase, inHBase), startKeys(basalt, inBasalt));
    try (Admin hbaseAdmin = hbase.getAdmin(); Admin basaltAdmin = basalt.getAdmin()) {
      TableDescriptor cloned = hbaseAdmin.getDescriptor(inHBase);
      TableDescriptor imported = basaltAdmin.getDescriptor(inBasalt);
      for (byte[] family : List.of(SnapshottedHBaseTable.D, SnapshottedHBaseTable.T)) {
        assertEquals(cloned.getColumnFamily(family).getMaxVersions(),
            imported.getColumnFamily(family).getMaxVersions());
        assertEquals(cloned.getColumnFamily(family).getTimeToLive(),
            imported.getColumnFamily(family).getTimeToLive());
      }
    }
  }

  private static TableName cloneInHBase(String snapshot, String name) throws IOException {
    TableName clone = TableName.valueOf("shop", name);
    try (Admin admin = hbase.getAdmin()) {
      admin.cloneSnapshot(snapshot, clone);
    }
    return clone;
  }

  private static boolean hasReferences(Path snapshotDir) throws IOException {
    ExportedSnapshot snapshot = ExportedSnapshot.open(snapshotDir);
    SnapshotFiles files = new SnapshotFiles(snapshot);
    for (var region : snapshot.servingRegions()) {
      if (files.of(region).stream().anyMatch(SnapshotFile::isReference)) {
        return true;
      }
    }
    return false;
  }

  /** Waits for the clock to pass the TTL of the cells written with one (it has, unless the machine was fast). */
  private static void awaitTtlCellsExpired() throws InterruptedException {
    long wait = source.ttlCellsExpireAt() - System.currentTimeMillis();
    if (wait > 0) {
      Thread.sleep(wait);
    }
  }

  private static Path snapshotDir(String name) {
    return exportRoot.resolve(".hbase-snapshot").resolve(name);
  }

  /** Every stored cell (all versions, delete markers included), in order, as text. */
  private static List<String> rawCells(Connection connection, TableName name) throws IOException {
    List<String> cells = new ArrayList<>();
    try (Table table = connection.getTable(name);
        ResultScanner scanner = table.getScanner(new Scan().setRaw(true).readAllVersions())) {
      for (Result result : scanner) {
        for (Cell cell : result.rawCells()) {
          cells.add(cell + " " + Bytes.toStringBinary(CellUtil.cloneValue(cell)));
        }
      }
    }
    return cells;
  }

  private static List<String> startKeys(Connection connection, TableName name) throws IOException {
    try (RegionLocator locator = connection.getRegionLocator(name)) {
      return Arrays.stream(locator.getStartKeys()).map(Bytes::toStringBinary).sorted().toList();
    }
  }

  /** Each regular file under {@code root} and its size. */
  private static Map<String, Long> files(Path root) throws IOException {
    Map<String, Long> files = new TreeMap<>();
    try (Stream<Path> walk = Files.walk(root)) {
      for (Path file : walk.filter(Files::isRegularFile).toList()) {
        files.put(root.relativize(file).toString(), Files.size(file));
      }
    }
    return files;
  }

  private static String basaltCluster() {
    return clusters.basaltCluster();
  }

  private static Run importSnapshot(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit = ImportSnapshotCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    Run run = new Run(exit, out.toString(StandardCharsets.UTF_8) + err.toString(StandardCharsets.UTF_8));
    // The tool's output in the test's own (surefire's -output.txt), to read what an operator would have seen.
    System.out.println("basalt import-snapshot " + String.join(" ", args) + "\n" + run.output());
    return run;
  }

  private record Run(int exit, String output) {}
}
