package io.basalt.hbase.compaction;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.basalt.hbase.master.Namespaces;
import io.basalt.hbase.master.TableDdl;
import io.basalt.hbase.schema.HBaseTable;
import io.basalt.hbase.schema.TableDirectory;
import io.basalt.storage.StoreOptions;
import io.basalt.storage.TabletStore;
import io.basalt.storage.data.Durability;
import io.basalt.storage.data.RowMutation;
import io.basalt.storage.data.RowRange;
import io.basalt.storage.data.TableCursor;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.KeepDeletedCells;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A flush drops from the memtables what HBase's flush drops from a memstore, judging the memtables' cells among
 * themselves: cells an earlier flush wrote to files are neither judged again nor counted. The expected stores are
 * what HBase 2.6.4 kept in the same sequences (SchemaChangeOracleTest compares them through clients).
 */
class MemstoreFlushTest {
  private static final byte[] F = toBytes("f");
  private static final byte[] ROW = toBytes("r");
  private static final byte PUT = KeyValue.Type.Put.getCode();
  private static final byte DELETE_COLUMN = KeyValue.Type.DeleteColumn.getCode();

  @TempDir
  Path directory;

  private TabletStore store;
  private TableDdl tables;
  private final Clock clock = Clock.systemUTC();

  @BeforeEach
  void setUp() throws Exception {
    store = TabletStore.open(directory, StoreOptions.defaults());
    tables = new TableDdl(store, new TableDirectory(), new Namespaces(store), new MemstoreFlush(clock));
  }

  @AfterEach
  void tearDown() {
    store.close();
  }

  @Test
  void eachFlushKeepsTheVersionsItsOwnCellsAllow() throws Exception {
    HBaseTable table = create(ColumnFamilyDescriptorBuilder.newBuilder(F).setMaxVersions(2));
    write(table, PUT, 1, 2, 3);
    MemstoreFlush.flush(table, clock.millis());
    write(table, PUT, 4, 5, 6);
    MemstoreFlush.flush(table, clock.millis());

    // HBase's store after the same: a file with 3 and 2, and one with 6 and 5.
    assertEquals(List.of("6/Put", "5/Put", "3/Put", "2/Put"), stored(table));
  }

  @Test
  void cellsAMarkerInTheMemtablesHidesAreDroppedAndTheMarkerStays() throws Exception {
    HBaseTable table = create(ColumnFamilyDescriptorBuilder.newBuilder(F).setMaxVersions(3));
    write(table, PUT, 1);
    MemstoreFlush.flush(table, clock.millis());
    write(table, PUT, 2, 3);
    write(table, DELETE_COLUMN, 4);
    MemstoreFlush.flush(table, clock.millis());

    // The put flushed before the marker was written is not the memtables' to judge; it stays, hidden.
    assertEquals(List.of("4/DeleteColumn", "1/Put"), stored(table));
  }

  @Test
  void keptDeletedCellsStay() throws Exception {
    HBaseTable table = create(ColumnFamilyDescriptorBuilder.newBuilder(F).setMaxVersions(3)
        .setKeepDeletedCells(KeepDeletedCells.TRUE));
    write(table, PUT, 1);
    write(table, DELETE_COLUMN, 2);
    MemstoreFlush.flush(table, clock.millis());

    assertEquals(List.of("2/DeleteColumn", "1/Put"), stored(table));
  }

  @Test
  void cellsPastTheTtlAreDroppedBeyondMinVersions() throws Exception {
    HBaseTable table = create(ColumnFamilyDescriptorBuilder.newBuilder(F).setMaxVersions(3).setMinVersions(1)
        .setTimeToLive(3600));
    long now = clock.millis();
    write(table, PUT, now - 9_000_000, now - 8_000_000, now - 7_200_000);
    MemstoreFlush.flush(table, now);

    assertEquals(List.of((now - 7_200_000) + "/Put"), stored(table));
  }

  private HBaseTable create(ColumnFamilyDescriptorBuilder family) throws Exception {
    return tables.create(TableDescriptorBuilder.newBuilder(TableName.valueOf("t"))
        .setColumnFamily(family.build()).build(), List.of());
  }

  private static void write(HBaseTable table, byte type, long... timestamps) throws Exception {
    for (long timestamp : timestamps) {
      table.storage().write(RowMutation.forRow(ROW).add(F, F, timestamp, type, toBytes("v" + timestamp)).build(),
          Durability.LOG);
    }
  }

  /** Every stored cell of the row, markers included, in cell order. */
  private static List<String> stored(HBaseTable table) throws Exception {
    List<String> cells = new ArrayList<>();
    try (TableCursor cursor = table.storage().openCursor(List.of(), RowRange.forward(new byte[0], new byte[0]))) {
      while (cursor.nextRow()) {
        while (cursor.nextCell()) {
          cells.add(cursor.timestamp() + "/" + KeyValue.Type.codeToType((byte) cursor.type()));
        }
      }
    }
    return cells;
  }
}
