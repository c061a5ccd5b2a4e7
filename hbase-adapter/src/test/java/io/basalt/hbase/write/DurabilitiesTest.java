package io.basalt.hbase.write;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.basalt.storage.data.Durability;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.junit.jupiter.api.Test;

/**
 * HBase durabilities onto storage levels: the mutation's own, else the table's, else SYNC_WAL; ASYNC_WAL is
 * served as SYNC_WAL (the log is written before the answer), and only FSYNC_WAL forces it to disk.
 */
class DurabilitiesTest {
  private static final org.apache.hadoop.hbase.client.Durability[] ALL =
      org.apache.hadoop.hbase.client.Durability.values();

  @Test
  void aMutationsOwnDurabilityWinsOverAnyTables() {
    for (org.apache.hadoop.hbase.client.Durability table : ALL) {
      org.apache.hadoop.hbase.client.Durability descriptor = table(table);
      assertEquals(Durability.SKIP_LOG, Durabilities.of(hbase("SKIP_WAL"), descriptor), "table " + table);
      assertEquals(Durability.LOG, Durabilities.of(hbase("ASYNC_WAL"), descriptor), "table " + table);
      assertEquals(Durability.LOG, Durabilities.of(hbase("SYNC_WAL"), descriptor), "table " + table);
      assertEquals(Durability.LOG_FSYNC, Durabilities.of(hbase("FSYNC_WAL"), descriptor), "table " + table);
    }
  }

  @Test
  void useDefaultTakesTheTablesAndTheTablesDefaultIsSyncWal() {
    assertEquals(Durability.LOG, Durabilities.of(hbase("USE_DEFAULT"), table(hbase("USE_DEFAULT"))));
    assertEquals(Durability.SKIP_LOG, Durabilities.of(hbase("USE_DEFAULT"), table(hbase("SKIP_WAL"))));
    assertEquals(Durability.LOG, Durabilities.of(hbase("USE_DEFAULT"), table(hbase("ASYNC_WAL"))));
    assertEquals(Durability.LOG, Durabilities.of(hbase("USE_DEFAULT"), table(hbase("SYNC_WAL"))));
    assertEquals(Durability.LOG_FSYNC, Durabilities.of(hbase("USE_DEFAULT"), table(hbase("FSYNC_WAL"))));
  }

  @Test
  void aBatchGetsTheStrongestLevelOfItsMutations() {
    for (Durability a : Durability.values()) {
      for (Durability b : Durability.values()) {
        Durability stronger = a.ordinal() >= b.ordinal() ? a : b;
        assertEquals(stronger, Durabilities.stronger(a, b), a + " and " + b);
      }
    }
    assertEquals(Durability.LOG_FSYNC, Durabilities.stronger(Durability.SKIP_LOG, Durability.LOG_FSYNC));
  }

  private static org.apache.hadoop.hbase.client.Durability hbase(String name) {
    return org.apache.hadoop.hbase.client.Durability.valueOf(name);
  }

  /** The table's setting as a table descriptor carries it, which is where Basalt reads it. */
  private static org.apache.hadoop.hbase.client.Durability table(org.apache.hadoop.hbase.client.Durability durability) {
    TableDescriptor descriptor = TableDescriptorBuilder.newBuilder(TableName.valueOf("t")).setDurability(durability)
        .setColumnFamily(ColumnFamilyDescriptorBuilder.of("f")).build();
    return descriptor.getDurability();
  }
}
