package io.basalt.tools.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.BasaltServerExtension;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.PrivateCellUtil;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.Tag;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.SnapshotDescription;
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
 * {@code basalt export-snapshot} against real HBase 2.6.4: a Basalt table (see {@link ExportedBasaltTable}) is
 * exported to a directory, HBase's own ExportSnapshot copies it from there into HBase's root directory, and HBase's
 * {@code clone_snapshot} of it must hold every raw cell of every version of the Basalt table, delete markers and TTL
 * tags included, with the same region boundaries and schema; so must its {@code restore_snapshot} over that table
 * after HBase wrote to it. The same export imported back into Basalt with {@code basalt import-snapshot} gives the
 * table's cells again. The errors an operator meets (an unknown table, a
 * snapshot of that name in the directory, a directory that cannot be written) are one line each, and leave nothing
 * behind: no file in the directory, no temporary snapshot or table in Basalt.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@ExtendWith(SnapshotTestClusters.Resolver.class)
class ExportSnapshotTest {
  private static final String SNAPSHOT = "orders_snap";
  private static final Pattern HFILE_NAME = Pattern.compile("[0-9a-f]{32}");

  private static SnapshotTestClusters clusters;
  private static Path work;
  private static Path exportRoot;
  private static Connection hbase;
  private static Connection basalt;

  @BeforeAll
  static void writeTheTableInBasalt(SnapshotTestClusters shared) throws Exception {
    clusters = shared;
    work = clusters.newDir("export-");
    exportRoot = work.resolve("export");
    hbase = ConnectionFactory.createConnection(clusters.hbaseClient(true));
    basalt = ConnectionFactory.createConnection(clusters.basaltClient(true));
    ExportedBasaltTable.createAndWrite(basalt);
    try (Admin admin = hbase.getAdmin()) {
      admin.createNamespace(NamespaceDescriptor.create(ExportedBasaltTable.TABLE.getNamespaceAsString()).build());
    }
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
  void hbaseClonesTheExportCellForCell() throws Exception {
    List<String> tablesBefore = tableNames(basalt);
    Run run = exportSnapshot("--table", ExportedBasaltTable.TABLE.getNameAsString(), "--to-dir",
        exportRoot.toString(), "--from", basaltCluster(), "--snapshot", SNAPSHOT, "--threads", "2");

    assertEquals(0, run.exit(), run.output());
    assertTrue(run.output().contains("wrote snapshot " + SNAPSHOT + " of ex:orders: 4 regions"), run.output());
    assertTrue(run.output().contains("removed the temporary snapshot and table from Basalt"), run.output());
    assertNothingTemporaryIn(tablesBefore);
    assertLaidOutAsExportSnapshotLaysOut();

    HBaseExportSnapshot.run(SNAPSHOT, exportRoot, clusters.hbaseRoot(), work);
    try (Admin admin = hbase.getAdmin()) {
      admin.cloneSnapshot(SNAPSHOT, ExportedBasaltTable.TABLE);
    }
    List<String> cloned = rawCells(hbase, ExportedBasaltTable.TABLE);
    assertEquals(1, cloned.stream().filter(cell -> cell.contains("/DeleteFamilyVersion/")).count(), "markers kept");
    assertEquals(ExportedBasaltTable.TTL_CELLS, cloned.stream().filter(cell -> cell.endsWith(" tags [8:"
        + Bytes.toStringBinary(Bytes.toBytes(ExportedBasaltTable.CELL_TTL_MILLIS)) + "]")).count(),
        "HBase holds every cell's own TTL as its tag");
    assertEquals(rawCells(basalt, ExportedBasaltTable.TABLE), cloned);
    assertEquals(startKeys(basalt, ExportedBasaltTable.TABLE), startKeys(hbase, ExportedBasaltTable.TABLE));
    try (Admin hbaseAdmin = hbase.getAdmin(); Admin basaltAdmin = basalt.getAdmin()) {
      assertSameSchema(basaltAdmin.getDescriptor(ExportedBasaltTable.TABLE),
          hbaseAdmin.getDescriptor(ExportedBasaltTable.TABLE));
    }
  }

  @Test
  @Order(2)
  void hbaseRestoresTheExportOverTheTable() throws Exception {
    try (Admin admin = hbase.getAdmin(); Table table = hbase.getTable(ExportedBasaltTable.TABLE)) {
      table.put(new Put(Bytes.toBytes("h-written-after")).addColumn(ExportedBasaltTable.D, ExportedBasaltTable.Q,
          Bytes.toBytes("gone after the restore")));
      table.delete(new Delete(Bytes.toBytes("a000")));
      admin.disableTable(ExportedBasaltTable.TABLE);
      admin.restoreSnapshot(SNAPSHOT);
      admin.enableTable(ExportedBasaltTable.TABLE);
    }
    assertEquals(rawCells(basalt, ExportedBasaltTable.TABLE), rawCells(hbase, ExportedBasaltTable.TABLE));
  }

  @Test
  @Order(3)
  void importingTheExportBackGivesTheSameCells() throws Exception {
    TableName back = TableName.valueOf("ex", "orders_back");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int exit = ImportSnapshotCommand.run(new String[] {"--snapshot-dir", exportRoot.toString(), "--to",
        basaltCluster(), "--table", back.getNameAsString()}, print(out), print(out));
    String output = out.toString(StandardCharsets.UTF_8);
    System.out.println("basalt import-snapshot\n" + output);
    assertEquals(0, exit, output);
    assertTrue(output.contains("VERIFIED"), output);
    assertEquals(rawCells(basalt, ExportedBasaltTable.TABLE), rawCells(basalt, back));
    assertEquals(startKeys(basalt, ExportedBasaltTable.TABLE), startKeys(basalt, back));
  }

  @Test
  @Order(4)
  void refusesAnUnknownTableWithOneLine() throws Exception {
    List<String> tablesBefore = tableNames(basalt);
    Path dir = work.resolve("never-written");
    Run run = exportSnapshot("--table", "ex:missing", "--to-dir", dir.toString(), "--from", basaltCluster());
    assertEquals(1, run.exit(), run.output());
    assertEquals("basalt export-snapshot: error: table ex:missing does not exist in " + basaltCluster(),
        run.err().strip());
    assertFalse(Files.exists(dir), "nothing was written");
    assertNothingTemporaryIn(tablesBefore);
  }

  @Test
  @Order(5)
  void refusesASnapshotNameTheDirectoryHolds() throws Exception {
    List<String> tablesBefore = tableNames(basalt);
    Map<String, Long> before = files(exportRoot);
    Run run = exportSnapshot("--table", ExportedBasaltTable.TABLE.getNameAsString(), "--to-dir",
        exportRoot.toString(), "--from", basaltCluster(), "--snapshot", SNAPSHOT);
    assertEquals(1, run.exit(), run.output());
    assertEquals(1, run.err().strip().lines().count(), run.err());
    assertTrue(run.err().contains("error: " + exportRoot + " already holds a snapshot named " + SNAPSHOT),
        run.err());
    assertEquals(before, files(exportRoot), "the directory is as it was");
    assertNothingTemporaryIn(tablesBefore);
  }

  @Test
  @Order(6)
  void aFailureWhileWritingTakesEverythingBack() throws Exception {
    List<String> tablesBefore = tableNames(basalt);
    Path dir = Files.createDirectories(work.resolve("blocked"));
    Files.writeString(dir.resolve("archive"), "a file where the archive directory would go");
    Run run = exportSnapshot("--table", ExportedBasaltTable.TABLE.getNameAsString(), "--to-dir", dir.toString(),
        "--from", basaltCluster());
    assertEquals(1, run.exit(), run.output());
    assertEquals(1, run.err().strip().lines().count(), run.err());
    assertTrue(run.err().contains("error: cannot create directory " + dir.resolve("archive")
        + ": a file of that name is in the way"), run.err());
    try (Stream<Path> left = Files.list(dir)) {
      assertEquals(List.of(dir.resolve("archive")), left.toList(), "only what was there before");
    }
    assertNothingTemporaryIn(tablesBefore);
  }

  /** The export directory holds the snapshot's two files and one HFile per region and family with cells. */
  private static void assertLaidOutAsExportSnapshotLaysOut() throws IOException {
    Map<String, Long> files = files(exportRoot);
    List<String> snapshotFiles = files.keySet().stream().filter(path -> path.startsWith(".hbase-snapshot/"))
        .toList();
    assertEquals(List.of(".hbase-snapshot/" + SNAPSHOT + "/.snapshotinfo",
        ".hbase-snapshot/" + SNAPSHOT + "/data.manifest"), snapshotFiles.stream().filter(p -> !p.endsWith(".crc"))
        .toList());
    List<String> hfiles = files.keySet().stream().filter(path -> path.startsWith("archive/"))
        .filter(path -> !path.endsWith(".crc")).toList();
    assertEquals(6, hfiles.size(), "three regions with both families, an empty one with none: " + hfiles);
    for (String hfile : hfiles) {
      String[] parts = hfile.split("/");
      assertEquals(List.of("archive", "data", "ex", "orders"), Arrays.asList(parts).subList(0, 4), hfile);
      assertEquals(7, parts.length, hfile);
      assertTrue(HFILE_NAME.matcher(parts[6]).matches(), hfile);
    }
  }

  /** Families and table attributes equal, as HBase's clone reports them and as Basalt does. */
  private static void assertSameSchema(TableDescriptor basaltTable, TableDescriptor hbaseTable) {
    assertEquals(describe(basaltTable), describe(hbaseTable));
  }

  private static String describe(TableDescriptor table) {
    StringBuilder text = new StringBuilder(new TreeMap<>(table.getValues()).entrySet().stream()
        .map(entry -> entry.getKey() + "=" + entry.getValue()).collect(Collectors.joining(", ")));
    for (ColumnFamilyDescriptor family : table.getColumnFamilies()) {
      text.append('\n').append(family);
    }
    return text.toString();
  }

  /** Basalt lists no snapshot of the export's and no table beyond those it had. */
  private static void assertNothingTemporaryIn(List<String> tablesBefore) throws IOException {
    try (Admin admin = basalt.getAdmin()) {
      assertEquals(List.of(), admin.listSnapshots().stream().map(SnapshotDescription::getName)
          .filter(name -> name.startsWith("basalt-export-")).toList(), "no snapshot left in Basalt");
    }
    assertEquals(tablesBefore, tableNames(basalt), "no table left in Basalt");
  }

  private static List<String> tableNames(Connection connection) throws IOException {
    try (Admin admin = connection.getAdmin()) {
      return Arrays.stream(admin.listTableNames()).map(TableName::getNameAsString).sorted().toList();
    }
  }

  /** Every stored cell (all versions, delete markers included), in order, as text with its value and tags. */
  private static List<String> rawCells(Connection connection, TableName name) throws IOException {
    List<String> cells = new ArrayList<>();
    try (Table table = connection.getTable(name);
        ResultScanner scanner = table.getScanner(new Scan().setRaw(true).readAllVersions())) {
      for (Result result : scanner) {
        for (Cell cell : result.rawCells()) {
          String tags = PrivateCellUtil.getTags(cell).stream()
              .map(tag -> tag.getType() + ":" + Bytes.toStringBinary(Tag.cloneValue(tag)))
              .collect(Collectors.joining(", ", "[", "]"));
          cells.add(cell + " " + Bytes.toStringBinary(CellUtil.cloneValue(cell)) + " tags " + tags);
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

  private static PrintStream print(ByteArrayOutputStream bytes) {
    return new PrintStream(bytes, true, StandardCharsets.UTF_8);
  }

  private static Run exportSnapshot(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit = ExportSnapshotCommand.run(args, print(out), print(err));
    Run run = new Run(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    // The tool's output in the test's own (surefire's -output.txt), to read what an operator would have seen.
    System.out.println("basalt export-snapshot " + String.join(" ", args) + "\n" + run.output());
    return run;
  }

  private record Run(int exit, String out, String err) {
    String output() {
      return out + err;
    }
  }
}
