package io.basalt.conformance;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.BasaltProcess;
import io.basalt.conformance.harness.BasaltServerExtension;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Durability;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Writes with every HBase durability, set on the mutation or inherited from the table descriptor, read back at
 * once; then Basalt is killed with SIGKILL and restarted on the same data directory. Every write that went through
 * the log survives: ASYNC_WAL (which Basalt serves as SYNC_WAL, see docs/reliability.md), SYNC_WAL, FSYNC_WAL and
 * USE_DEFAULT on a table that does not skip the log. SKIP_WAL writes may be lost, but never come back wrong.
 */
class DurabilityTest {
  private static final byte[] F = toBytes("f");
  private static final byte[] Q = toBytes("q");
  private static final TableName PLAIN = TableName.valueOf("durability_plain");
  /** Tables whose descriptor sets a durability, for mutations that leave theirs at USE_DEFAULT. */
  private static final Map<Durability, TableName> BY_TABLE = Map.of(
      Durability.SKIP_WAL, TableName.valueOf("durability_table_skip"),
      Durability.ASYNC_WAL, TableName.valueOf("durability_table_async"),
      Durability.FSYNC_WAL, TableName.valueOf("durability_table_fsync"));

  private Path dataDir;

  @BeforeEach
  void createDataDir() throws IOException {
    dataDir = Files.createTempDirectory("basalt-durability-");
  }

  @AfterEach
  void removeDataDir() throws IOException {
    BasaltServerExtension.deleteRecursively(dataDir);
  }

  @Test
  void everyLoggedWriteSurvivesAKill() throws Exception {
    try (BasaltProcess basalt = BasaltProcess.start(dataDir, "DurabilityTest-killed");
        Connection connection = Clients.connect(basalt);
        Admin admin = connection.getAdmin()) {
      admin.createTable(TableDescriptorBuilder.newBuilder(PLAIN).setColumnFamily(ColumnFamilyDescriptorBuilder.of(F))
          .build(), new byte[][] {toBytes("m")});
      for (Map.Entry<Durability, TableName> table : BY_TABLE.entrySet()) {
        admin.createTable(TableDescriptorBuilder.newBuilder(table.getValue()).setDurability(table.getKey())
            .setColumnFamily(ColumnFamilyDescriptorBuilder.of(F)).build());
        assertEquals(table.getKey(), admin.getDescriptor(table.getValue()).getDurability());
      }
      assertEquals(Durability.USE_DEFAULT, admin.getDescriptor(PLAIN).getDurability());

      try (Table plain = connection.getTable(PLAIN)) {
        for (Durability durability : Durability.values()) {
          String name = durability.name();
          plain.put(new Put(toBytes("a-" + name)).addColumn(F, Q, toBytes(name)).setDurability(durability));
          plain.increment(new Increment(toBytes("a-counter-" + name)).addColumn(F, Q, 5).setDurability(durability));
          // A put and a delete of one row, each with this durability: the delete must not be undone either.
          plain.put(new Put(toBytes("a-deleted-" + name)).addColumn(F, Q, toBytes("x")).setDurability(durability));
          plain.delete(new Delete(toBytes("a-deleted-" + name)).setDurability(durability));
        }
        // One batch of puts, one per durability, on both tablets.
        List<Put> batch = new ArrayList<>();
        for (Durability durability : Durability.values()) {
          batch.add(new Put(toBytes("z-batch-" + durability.name())).addColumn(F, Q, toBytes(durability.name()))
              .setDurability(durability));
          batch.add(new Put(toBytes("b-batch-" + durability.name())).addColumn(F, Q, toBytes(durability.name()))
              .setDurability(durability));
        }
        plain.put(batch);
      }
      for (Map.Entry<Durability, TableName> table : BY_TABLE.entrySet()) {
        try (Table t = connection.getTable(table.getValue())) {
          t.put(new Put(toBytes("inherited")).addColumn(F, Q, toBytes("table")));
          // A mutation's own durability wins over the table's, as in HBase.
          t.put(new Put(toBytes("own")).addColumn(F, Q, toBytes("sync")).setDurability(Durability.SYNC_WAL));
        }
      }

      verify(connection, true);
      basalt.kill();
    }

    try (BasaltProcess basalt = BasaltProcess.start(dataDir, "DurabilityTest-restarted");
        Connection connection = Clients.connect(basalt)) {
      verify(connection, false);
    }
  }

  /** Checks every write; a SKIP_WAL one is only required before the kill, and may only be missing after it. */
  private static void verify(Connection connection, boolean beforeKill) throws IOException {
    try (Table plain = connection.getTable(PLAIN)) {
      for (Durability durability : Durability.values()) {
        String name = durability.name();
        boolean required = beforeKill || durability != Durability.SKIP_WAL;
        expect(plain, "a-" + name, toBytes(name), required, durability);
        expect(plain, "a-counter-" + name, Bytes.toBytes(5L), required, durability);
        expect(plain, "z-batch-" + name, toBytes(name), required, durability);
        expect(plain, "b-batch-" + name, toBytes(name), required, durability);
        Result deleted = plain.get(new Get(toBytes("a-deleted-" + name)));
        if (required) {
          assertTrue(deleted.isEmpty(), "deleted with " + name + ": " + deleted);
        }
      }
    }
    for (Map.Entry<Durability, TableName> table : BY_TABLE.entrySet()) {
      try (Table t = connection.getTable(table.getValue())) {
        expect(t, "inherited", toBytes("table"), beforeKill || table.getKey() != Durability.SKIP_WAL, table.getKey());
        expect(t, "own", toBytes("sync"), true, Durability.SYNC_WAL);
      }
    }
  }

  private static void expect(Table table, String row, byte[] value, boolean required, Durability durability)
      throws IOException {
    Result result = table.get(new Get(toBytes(row)));
    String what = table.getName() + " row " + row + " written with " + durability;
    if (required || !result.isEmpty()) {
      assertArrayEquals(value, result.getValue(F, Q), what);
      assertEquals(1, result.size(), what);
    }
  }
}
