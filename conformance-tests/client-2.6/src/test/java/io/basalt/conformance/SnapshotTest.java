package io.basalt.conformance;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.BasaltProcess;
import io.basalt.conformance.harness.BasaltServerExtension;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.NamespaceNotFoundException;
import org.apache.hadoop.hbase.TableExistsException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.TableNotDisabledException;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.SnapshotDescription;
import org.apache.hadoop.hbase.client.SnapshotType;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.regionserver.NoSuchColumnFamilyException;
import org.apache.hadoop.hbase.snapshot.RestoreSnapshotException;
import org.apache.hadoop.hbase.snapshot.SnapshotCreationException;
import org.apache.hadoop.hbase.snapshot.SnapshotDoesNotExistException;
import org.apache.hadoop.hbase.snapshot.SnapshotExistsException;
import org.apache.hadoop.hbase.snapshot.SnapshotTTLExpiredException;
import org.apache.hadoop.hbase.snapshot.UnknownSnapshotException;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Snapshots through the stock Admin: take, list, restore, clone and delete them, and HBase's errors for each. */
class SnapshotTest {
  @RegisterExtension
  static final ConnectedBasalt BASALT = new ConnectedBasalt();

  private static final byte[] F = toBytes("f");
  private static final byte[] G = toBytes("g");
  private static final byte[] Q = toBytes("q");

  private static Admin admin() {
    return BASALT.admin();
  }

  /** A table of families f (3 versions, a custom value) and g, split at "m", with rows a, k and x. */
  private static TableName createFilled(String name) throws IOException {
    TableName table = TableName.valueOf(name);
    admin().createTable(TableDescriptorBuilder.newBuilder(table)
        .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(F).setMaxVersions(3).setValue("team", "data")
            .build())
        .setColumnFamily(ColumnFamilyDescriptorBuilder.of(G))
        .setValue("owner", "tests")
        .build(), new byte[][] {toBytes("m")});
    try (Table t = BASALT.connection().getTable(table)) {
      for (String row : List.of("a", "k", "x")) {
        t.put(new Put(toBytes(row)).addColumn(F, Q, 1, toBytes(row + "1")).addColumn(F, Q, 2, toBytes(row + "2"))
            .addColumn(G, Q, toBytes(row + "g")));
      }
    }
    return table;
  }

  private static List<String> cells(TableName table) throws IOException {
    try (Table t = BASALT.connection().getTable(table)) {
      return TestTables.cells(t, new Scan().readAllVersions());
    }
  }

  private static List<String> startKeys(TableName table) throws IOException {
    List<String> keys = new ArrayList<>();
    for (RegionInfo region : admin().getRegions(table)) {
      keys.add(Bytes.toStringBinary(region.getStartKey()));
    }
    return keys;
  }

  private static List<String> names(List<SnapshotDescription> snapshots) {
    return snapshots.stream().map(SnapshotDescription::getName).sorted().toList();
  }

  @Test
  void restoreBringsBackTheRowsSchemaAndRegionsOfTheSnapshot() throws IOException {
    TableName name = createFilled("snap_restore");
    List<String> before = cells(name);
    List<RegionInfo> regionsBefore = admin().getRegions(name);
    admin().snapshot("snap_restore_1", name);

    try (Table table = BASALT.connection().getTable(name)) {
      table.put(new Put(toBytes("b")).addColumn(F, Q, toBytes("written after")));
      table.put(new Put(toBytes("a")).addColumn(F, Q, 3, toBytes("a3")));
      table.delete(new Delete(toBytes("k")));
    }
    admin().modifyTable(TableDescriptorBuilder.newBuilder(admin().getDescriptor(name))
        .setValue("owner", "someone else").removeColumnFamily(G)
        .setColumnFamily(ColumnFamilyDescriptorBuilder.of(toBytes("h"))).build());
    assertThrows(TableNotDisabledException.class, () -> admin().restoreSnapshot("snap_restore_1"));

    admin().disableTable(name);
    admin().restoreSnapshot("snap_restore_1");
    assertTrue(admin().isTableDisabled(name), "a restored table stays disabled");
    admin().enableTable(name);

    assertEquals(before, cells(name), "rows written since are gone, the deleted row is back");
    TableDescriptor descriptor = admin().getDescriptor(name);
    assertEquals("tests", descriptor.getValue("owner"));
    assertEquals(3, descriptor.getColumnFamily(F).getMaxVersions());
    assertTrue(descriptor.hasColumnFamily(G));
    assertFalse(descriptor.hasColumnFamily(toBytes("h")));
    assertEquals(regionsBefore, admin().getRegions(name));
    try (Table table = BASALT.connection().getTable(name)) {
      assertThrows(NoSuchColumnFamilyException.class, () -> table.get(new Get(toBytes("a")).addFamily(toBytes("h"))));
      table.put(new Put(toBytes("c")).addColumn(G, Q, toBytes("after restore")));
      assertArrayEquals(toBytes("after restore"), table.get(new Get(toBytes("c"))).getValue(G, Q));
    }
    assertEquals(List.of("snap_restore_1"), names(admin().listSnapshots(Pattern.compile(".*snap_restore.*"))),
        "the fail-safe snapshot taken by default is deleted once the restore succeeded");
  }

  @Test
  void restoreWithAnExplicitFailSafeSnapshotUndoesATruncate() throws IOException {
    TableName name = createFilled("snap_failsafe");
    admin().snapshot("snap_failsafe_1", name);
    admin().disableTable(name);
    admin().truncateTable(name, false);
    assertEquals(List.of(""), startKeys(name));
    try (Table table = BASALT.connection().getTable(name)) {
      table.put(new Put(toBytes("z")).addColumn(F, Q, toBytes("later")));
    }
    admin().disableTable(name);
    admin().restoreSnapshot("snap_failsafe_1", true);
    admin().enableTable(name);
    assertEquals(List.of("", "m"), startKeys(name));
    try (Table table = BASALT.connection().getTable(name)) {
      assertTrue(table.get(new Get(toBytes("z"))).isEmpty());
      assertArrayEquals(toBytes("a2"), table.get(new Get(toBytes("a"))).getValue(F, Q));
      assertArrayEquals(toBytes("x2"), table.get(new Get(toBytes("x"))).getValue(F, Q));
    }
    assertEquals(List.of("snap_failsafe_1"), names(admin().listSnapshots(Pattern.compile(".*snap_failsafe.*"))));
  }

  @Test
  void cloneIsAnIndependentTableWithTheSnapshotsDataSchemaAndSplits() throws IOException {
    TableName source = createFilled("snap_source");
    admin().snapshot("snap_source_1", source);
    try (Table table = BASALT.connection().getTable(source)) {
      table.put(new Put(toBytes("after")).addColumn(F, Q, toBytes("not in the snapshot")));
    }

    TableName clone = TableName.valueOf("snap_clone");
    admin().cloneSnapshot("snap_source_1", clone);
    assertTrue(admin().isTableEnabled(clone));
    TableDescriptor descriptor = admin().getDescriptor(clone);
    assertEquals(clone, descriptor.getTableName());
    assertEquals("tests", descriptor.getValue("owner"));
    assertEquals(3, descriptor.getColumnFamily(F).getMaxVersions());
    assertEquals("data", descriptor.getColumnFamily(F).getValue("team"));
    assertEquals(List.of("", "m"), startKeys(clone));

    List<String> sourceCells = cells(source);
    List<String> cloneCells = cells(clone);
    assertFalse(cloneCells.stream().anyMatch(cell -> cell.startsWith("after/")));
    assertEquals(sourceCells.stream().filter(cell -> !cell.startsWith("after/")).toList(), cloneCells);

    try (Table c = BASALT.connection().getTable(clone); Table s = BASALT.connection().getTable(source)) {
      c.put(new Put(toBytes("clone-only")).addColumn(G, Q, toBytes("c")));
      c.delete(new Delete(toBytes("a")));
      s.put(new Put(toBytes("source-only")).addColumn(G, Q, toBytes("s")));
      assertTrue(s.get(new Get(toBytes("clone-only"))).isEmpty());
      assertFalse(s.get(new Get(toBytes("a"))).isEmpty());
      assertTrue(c.get(new Get(toBytes("source-only"))).isEmpty());
      assertTrue(c.get(new Get(toBytes("a"))).isEmpty());
    }

    // The snapshot outlives its table and stays usable.
    admin().disableTable(source);
    admin().deleteTable(source);
    admin().cloneSnapshot("snap_source_1", source);
    assertEquals(cloneCells, cells(source));
  }

  @Test
  void cloneIntoAnotherNamespace() throws IOException {
    TableName source = createFilled("snap_ns_source");
    admin().createNamespace(NamespaceDescriptor.create("snapns").build());
    admin().snapshot("snap_ns_1", source);
    TableName clone = TableName.valueOf("snapns:copy");
    admin().cloneSnapshot("snap_ns_1", clone);
    assertEquals(cells(source), cells(clone));
    assertEquals(List.of("snap_ns_1"), names(admin().listTableSnapshots(Pattern.compile("snap_ns_source"),
        Pattern.compile(".*"))));

    admin().snapshot("snap_ns_2", clone);
    SnapshotDescription described = admin().listSnapshots(Pattern.compile("snap_ns_2")).get(0);
    assertEquals(clone, described.getTableName());
    assertEquals("snapns:copy", described.getTableNameAsString());
    assertEquals(List.of("snap_ns_2"), names(admin().listTableSnapshots(Pattern.compile("snapns:.*"),
        Pattern.compile(".*"))));
  }

  @Test
  void listingDescribesEachSnapshotAndDeletingRemovesIt() throws IOException {
    TableName name = createFilled("snap_list");
    long start = System.currentTimeMillis();
    admin().snapshot("snap_list_a", name);
    admin().snapshot("snap_list_b", name, Map.of("TTL", 86400L));
    admin().disableTable(name);
    admin().snapshot("snap_list_disabled", name);
    admin().enableTable(name);
    long end = System.currentTimeMillis();

    assertEquals(List.of("snap_list_a", "snap_list_b", "snap_list_disabled"),
        names(admin().listSnapshots(Pattern.compile("snap_list_.*"))));
    assertTrue(names(admin().listSnapshots()).containsAll(List.of("snap_list_a", "snap_list_b")));
    assertEquals(List.of("snap_list_a", "snap_list_b", "snap_list_disabled"),
        names(admin().listTableSnapshots(Pattern.compile("snap_list"), Pattern.compile(".*"))));
    assertEquals(List.of("snap_list_b"),
        names(admin().listTableSnapshots(Pattern.compile("snap_li.*"), Pattern.compile(".*_b"))));

    SnapshotDescription a = admin().listSnapshots(Pattern.compile("snap_list_a")).get(0);
    assertEquals(name, a.getTableName());
    assertEquals("snap_list", a.getTableNameAsString());
    assertEquals(SnapshotType.FLUSH, a.getType());
    assertEquals(2, a.getVersion());
    assertEquals(0, a.getTtl());
    assertTrue(a.getCreationTime() >= start && a.getCreationTime() <= end, Long.toString(a.getCreationTime()));
    assertEquals(86400, admin().listSnapshots(Pattern.compile("snap_list_b")).get(0).getTtl());
    assertEquals(SnapshotType.DISABLED, admin().listSnapshots(Pattern.compile("snap_list_disabled")).get(0)
        .getType(), "HBase records a snapshot of a disabled table as type DISABLED");
    assertTrue(admin().isSnapshotFinished(a));

    admin().deleteSnapshot("snap_list_a");
    assertEquals(List.of("snap_list_b", "snap_list_disabled"),
        names(admin().listSnapshots(Pattern.compile("snap_list_.*"))));
    assertThrows(SnapshotDoesNotExistException.class, () -> admin().deleteSnapshot("snap_list_a"));
    assertThrows(UnknownSnapshotException.class, () -> admin().isSnapshotFinished(a));
    assertThrows(SnapshotDoesNotExistException.class,
        () -> admin().cloneSnapshot("snap_list_a", TableName.valueOf("snap_list_gone")));
  }

  @Test
  void snapshotsSurviveARestart() throws IOException {
    Path dataDir = Files.createTempDirectory("basalt-snapshot-restart-");
    TableName name = TableName.valueOf("snap_restart");
    List<String> cellsThen;
    try {
      try (BasaltProcess basalt = BasaltProcess.start(dataDir, "SnapshotTest-first");
          Connection connection = Clients.connect(basalt);
          Admin admin = connection.getAdmin()) {
        admin.createTable(TableDescriptorBuilder.newBuilder(name).setColumnFamily(ColumnFamilyDescriptorBuilder.of(F))
            .build(), new byte[][] {toBytes("k")});
        try (Table table = connection.getTable(name)) {
          for (int i = 0; i < 100; i++) {
            table.put(new Put(toBytes(String.format("row-%03d", i))).addColumn(F, Q, toBytes(i)));
          }
          cellsThen = TestTables.cells(table, new Scan());
          admin.snapshot("snap_restart_1", name);
          table.put(new Put(toBytes("row-later")).addColumn(F, Q, toBytes("later")));
        }
        assertEquals(0, basalt.stop());
      }
      try (BasaltProcess basalt = BasaltProcess.start(dataDir, "SnapshotTest-second");
          Connection connection = Clients.connect(basalt);
          Admin admin = connection.getAdmin()) {
        SnapshotDescription snapshot = admin.listSnapshots().get(0);
        assertEquals("snap_restart_1", snapshot.getName());
        assertEquals(name, snapshot.getTableName());
        admin.disableTable(name);
        admin.restoreSnapshot("snap_restart_1");
        admin.enableTable(name);
        admin.cloneSnapshot("snap_restart_1", TableName.valueOf("snap_restart_clone"));
        try (Table table = connection.getTable(name);
            Table clone = connection.getTable(TableName.valueOf("snap_restart_clone"))) {
          assertEquals(cellsThen, TestTables.cells(table, new Scan()));
          assertEquals(cellsThen, TestTables.cells(clone, new Scan()));
        }
        assertEquals(List.of("", "k"), admin.getRegions(TableName.valueOf("snap_restart_clone")).stream()
            .map(region -> Bytes.toStringBinary(region.getStartKey())).toList());
        assertEquals(0, basalt.stop());
      }
    } finally {
      BasaltServerExtension.deleteRecursively(dataDir);
    }
  }

  @Test
  void errorsAreHBasesOwn() throws IOException {
    TableName name = createFilled("snap_errors");
    admin().snapshot("snap_errors_1", name);
    assertThrows(SnapshotExistsException.class, () -> admin().snapshot("snap_errors_1", name));
    assertThrows(SnapshotCreationException.class, () -> admin().snapshot("snap_errors_2",
        TableName.valueOf("snap_no_such_table")));
    assertThrows(IllegalArgumentException.class, () -> admin().snapshot("bad name", name));
    assertThrows(IllegalArgumentException.class, () -> admin().snapshot(".hidden", name));
    assertThrows(IllegalArgumentException.class, () -> admin().snapshot("meta", TableName.META_TABLE_NAME));
    assertThrows(TableExistsException.class, () -> admin().cloneSnapshot("snap_errors_1", name));
    assertThrows(NamespaceNotFoundException.class,
        () -> admin().cloneSnapshot("snap_errors_1", TableName.valueOf("snap_no_ns:copy")));
    assertThrows(SnapshotDoesNotExistException.class,
        () -> admin().cloneSnapshot("snap_no_such_snapshot", TableName.valueOf("snap_errors_copy")));
    assertThrows(RestoreSnapshotException.class, () -> admin().restoreSnapshot("snap_no_such_snapshot"));
    assertThrows(TableNotDisabledException.class, () -> admin().restoreSnapshot("snap_errors_1"));
    assertThrows(SnapshotDoesNotExistException.class, () -> admin().deleteSnapshot("snap_no_such_snapshot"));
    assertThrows(UnknownSnapshotException.class,
        () -> admin().isSnapshotFinished(new SnapshotDescription("snap_no_such_snapshot", name)));
    assertFalse(admin().tableExists(TableName.valueOf("snap_errors_copy")));

    // A snapshot whose TTL ran out can no longer be cloned or restored.
    long anHourAgo = System.currentTimeMillis() - 3_600_000;
    admin().snapshot(new SnapshotDescription("snap_errors_expired", name, SnapshotType.FLUSH, null, anHourAgo, -1,
        Map.of("TTL", 60L)));
    assertThrows(SnapshotTTLExpiredException.class,
        () -> admin().cloneSnapshot("snap_errors_expired", TableName.valueOf("snap_errors_copy")));

    // The server is unharmed by all of the above.
    admin().cloneSnapshot("snap_errors_1", TableName.valueOf("snap_errors_copy"));
    assertEquals(cells(name), cells(TableName.valueOf("snap_errors_copy")));
    assertNull(admin().getDescriptor(name).getValue("absent"));
  }
}
