package io.basalt.conformance;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.hbase.KeepDeletedCells;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.CompactionState;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.regionserver.NoSuchColumnFamilyException;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Compactions drop what HBase's would, read back through raw scans (which show every stored cell and marker): a
 * major compaction drops delete markers with the cells they hide, versions past VERSIONS and cells past the TTL;
 * a minor one keeps the markers; KEEP_DELETED_CELLS keeps deleted cells. Requests return at once and clients wait
 * on the compaction state, as with HBase.
 */
class CompactionTest {
  @RegisterExtension
  static final ConnectedBasalt BASALT = new ConnectedBasalt();

  private static final byte[] F = toBytes("f");
  private static final byte[] G = toBytes("g");
  private static final byte[] Q = toBytes("q");

  @Test
  void majorCompactionDropsDeleteMarkersAndTheCellsTheyHide() throws Exception {
    TableName name = create("major_deletes", ColumnFamilyDescriptorBuilder.newBuilder(F).setMaxVersions(5).build());
    try (Table table = BASALT.connection().getTable(name)) {
      for (long ts = 1; ts <= 3; ts++) {
        table.put(new Put(toBytes("r")).addColumn(F, Q, ts, toBytes("v" + ts)));
      }
      table.put(new Put(toBytes("gone")).addColumn(F, Q, 1, toBytes("x")));
      table.delete(new Delete(toBytes("r")).addColumns(F, Q, 2));
      table.delete(new Delete(toBytes("gone"), 5));
      assertEquals(List.of("gone/f:/5/DeleteFamily", "gone/f:q/1/Put=x", "r/f:q/3/Put=v3",
          "r/f:q/2/DeleteColumn", "r/f:q/2/Put=v2", "r/f:q/1/Put=v1"), RawCells.of(table));

      majorCompact(name);
      assertEquals(List.of("r/f:q/3/Put=v3"), RawCells.of(table));
      // With the marker gone, a put older than it is no longer hidden: HBase's documented behaviour.
      table.put(new Put(toBytes("r")).addColumn(F, Q, 1, toBytes("again")));
      assertEquals(List.of("r/f:q/3/Put=v3", "r/f:q/1/Put=again"), RawCells.of(table));
    }
  }

  @Test
  void majorCompactionDropsVersionsPastTheFamilyLimit() throws Exception {
    TableName name = create("major_versions", ColumnFamilyDescriptorBuilder.newBuilder(F).setMaxVersions(2).build());
    try (Table table = BASALT.connection().getTable(name)) {
      for (long ts = 1; ts <= 4; ts++) {
        table.put(new Put(toBytes("r")).addColumn(F, Q, ts, toBytes("v" + ts)));
      }
      assertEquals(4, RawCells.of(table).size(), "every version is stored until compaction");
      majorCompact(name);
      assertEquals(List.of("r/f:q/4/Put=v4", "r/f:q/3/Put=v3"), RawCells.of(table));
    }
  }

  @Test
  void compactionDropsExpiredCellsButKeepsMinVersions() throws Exception {
    TableName name = create("major_ttl", ColumnFamilyDescriptorBuilder.newBuilder(F).setTimeToLive(1).build(),
        ColumnFamilyDescriptorBuilder.newBuilder(G).setTimeToLive(1).setMinVersions(1).setMaxVersions(3).build());
    try (Table table = BASALT.connection().getTable(name)) {
      long old = System.currentTimeMillis() - 10_000;
      table.put(new Put(toBytes("r")).addColumn(F, Q, old, toBytes("f-old")).addColumn(G, Q, old, toBytes("g-old"))
          .addColumn(G, Q, old - 1, toBytes("g-older")));
      majorCompact(name);
      assertEquals(List.of("r/g:q/" + old + "/Put=g-old"), RawCells.of(table));
    }
  }

  @Test
  void minorCompactionKeepsDeleteMarkers() throws Exception {
    TableName name = create("minor", ColumnFamilyDescriptorBuilder.newBuilder(F).setMaxVersions(1).build());
    try (Table table = BASALT.connection().getTable(name)) {
      table.put(new Put(toBytes("r")).addColumn(F, Q, 1, toBytes("v1")));
      table.put(new Put(toBytes("r")).addColumn(F, Q, 2, toBytes("v2")));
      table.put(new Put(toBytes("r")).addColumn(F, toBytes("x"), 1, toBytes("x1")));
      table.delete(new Delete(toBytes("r")).addColumns(F, toBytes("x"), 5));
      BASALT.admin().compact(name);
      awaitCompactions(name);
      assertEquals(List.of("r/f:q/2/Put=v2", "r/f:x/5/DeleteColumn"), RawCells.of(table));
    }
  }

  @Test
  void keptDeletedCellsSurviveMajorCompaction() throws Exception {
    TableName name = create("keep_deleted", ColumnFamilyDescriptorBuilder.newBuilder(F).setMaxVersions(3)
        .setKeepDeletedCells(KeepDeletedCells.TRUE).build());
    try (Table table = BASALT.connection().getTable(name)) {
      table.put(new Put(toBytes("r")).addColumn(F, Q, 1, toBytes("v1")));
      table.delete(new Delete(toBytes("r")).addColumns(F, Q, 3));
      majorCompact(name);
      assertEquals(List.of("r/f:q/3/DeleteColumn", "r/f:q/1/Put=v1"), RawCells.of(table));
      assertTrue(table.get(new Get(toBytes("r"))).isEmpty());
      Result beforeDelete = table.get(new Get(toBytes("r")).setTimeRange(0, 2));
      assertEquals("v1", Bytes.toString(beforeDelete.getValue(F, Q)), "a time-range read sees past the marker");
    }
  }

  @Test
  void oneFamilyCanBeCompactedAlone() throws Exception {
    TableName name = create("one_family", ColumnFamilyDescriptorBuilder.newBuilder(F).setMaxVersions(1).build(),
        ColumnFamilyDescriptorBuilder.newBuilder(G).setMaxVersions(1).build());
    try (Table table = BASALT.connection().getTable(name)) {
      for (long ts = 1; ts <= 2; ts++) {
        table.put(new Put(toBytes("r")).addColumn(F, Q, ts, toBytes("f" + ts)).addColumn(G, Q, ts, toBytes("g" + ts)));
      }
      BASALT.admin().majorCompact(name, G);
      awaitCompactions(name);
      assertEquals(List.of("r/f:q/2/Put=f2", "r/f:q/1/Put=f1", "r/g:q/2/Put=g2"), RawCells.of(table));
      Exception unknown = org.junit.jupiter.api.Assertions.assertThrows(IOException.class,
          () -> BASALT.admin().majorCompact(name, toBytes("nope")));
      assertTrue(unknown instanceof NoSuchColumnFamilyException
          || unknown.getCause() instanceof NoSuchColumnFamilyException, unknown.toString());
    }
  }

  @Test
  void compactedCellsLeaveTheFilesOnDisk() throws Exception {
    TableName name = create("on_disk", ColumnFamilyDescriptorBuilder.newBuilder(F).build());
    String secret = "compaction-removes-" + System.nanoTime();
    try (Table table = BASALT.connection().getTable(name)) {
      table.put(new Put(toBytes("r")).addColumn(F, Q, 1, toBytes(secret)));
      BASALT.admin().flush(name);
      assertTrue(sstFilesContain(secret), "the flushed value is in an SST file");
      table.delete(new Delete(toBytes("r")));
      majorCompact(name);
      assertFalse(sstFilesContain(secret), "no SST file holds the deleted value after major compaction");
    }
  }

  @Test
  void switchedOffCompactionsIgnoreRequestsAndTimestampsFollowMajorCompactions() throws Exception {
    TableName name = create("switch", ColumnFamilyDescriptorBuilder.newBuilder(F).setMaxVersions(1).build());
    try (Table table = BASALT.connection().getTable(name)) {
      table.put(new Put(toBytes("r")).addColumn(F, Q, 1, toBytes("v1")));
      table.put(new Put(toBytes("r")).addColumn(F, Q, 2, toBytes("v2")));
      assertEquals(0, BASALT.admin().getLastMajorCompactionTimestamp(name));
      String server = BASALT.admin().getRegionServers().iterator().next().getServerName();
      assertTrue(BASALT.admin().compactionSwitch(false, List.of(server)).values().iterator().next());
      try {
        majorCompact(name);
        assertEquals(2, RawCells.of(table).size(), "nothing compacted while switched off");
      } finally {
        assertFalse(BASALT.admin().compactionSwitch(true, List.of(server)).values().iterator().next());
      }
      long before = System.currentTimeMillis();
      majorCompact(name);
      assertEquals(1, RawCells.of(table).size());
      assertTrue(BASALT.admin().getLastMajorCompactionTimestamp(name) >= before);
      byte[] region = BASALT.admin().getRegions(name).get(0).getRegionName();
      assertTrue(BASALT.admin().getLastMajorCompactionTimestampForRegion(region) >= before);
    }
  }

  @Test
  void writesRacingACompactionAreNeverErased() throws Exception {
    TableName name = create("racing", ColumnFamilyDescriptorBuilder.newBuilder(F).setMaxVersions(1).build());
    int rows = 2_000;
    try (Table table = BASALT.connection().getTable(name)) {
      // Every row starts with garbage (a hidden older version), so the compaction erases something in each.
      List<Put> seed = new ArrayList<>();
      for (int i = 0; i < rows; i++) {
        seed.add(new Put(toBytes(String.format("r%05d", i))).addColumn(F, Q, 1, toBytes("old")));
        seed.add(new Put(toBytes(String.format("r%05d", i))).addColumn(F, Q, 2, toBytes("older-visible")));
      }
      table.put(seed);
      Thread writer = new Thread(() -> {
        try (Table own = BASALT.connection().getTable(name)) {
          for (int i = 0; i < rows; i++) {
            own.put(new Put(toBytes(String.format("r%05d", i))).addColumn(F, Q, 1, toBytes("rewritten"))
                .addColumn(F, toBytes("n"), 3, toBytes("new")));
          }
        } catch (IOException e) {
          throw new IllegalStateException(e);
        }
      });
      writer.start();
      for (int i = 0; i < 5; i++) {
        majorCompact(name);
      }
      writer.join();
      for (int i = 0; i < rows; i++) {
        Result result = table.get(new Get(toBytes(String.format("r%05d", i))));
        assertEquals("new", Bytes.toString(result.getValue(F, toBytes("n"))), "row " + i);
      }
    }
  }

  private static TableName create(String table, ColumnFamilyDescriptor... families) throws IOException {
    TableName name = TableName.valueOf(table);
    BASALT.admin().createTable(TableDescriptorBuilder.newBuilder(name).setColumnFamilies(List.of(families)).build());
    return name;
  }

  private static void majorCompact(TableName name) throws Exception {
    BASALT.admin().majorCompact(name);
    awaitCompactions(name);
  }

  /** Waits as an HBase client does: the request returns at once, the compaction state says when it is over. */
  private static void awaitCompactions(TableName name) throws Exception {
    long deadline = System.currentTimeMillis() + 30_000;
    while (BASALT.admin().getCompactionState(name) != CompactionState.NONE) {
      assertTrue(System.currentTimeMillis() < deadline, "compaction of " + name + " did not finish in 30 s");
      Thread.sleep(20);
    }
  }

  private static boolean sstFilesContain(String text) throws IOException {
    byte[] needle = toBytes(text);
    try (Stream<Path> files = Files.walk(BASALT.process().dataDir())) {
      for (Path file : files.filter(p -> p.toString().endsWith(".sst")).toList()) {
        if (Bytes.indexOf(Files.readAllBytes(file), needle) >= 0) {
          return true;
        }
      }
    }
    return false;
  }
}
