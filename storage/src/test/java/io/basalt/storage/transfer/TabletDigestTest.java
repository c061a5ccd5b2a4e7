package io.basalt.storage.transfer;

import static io.basalt.storage.transfer.TabletRows.END;
import static io.basalt.storage.transfer.TabletRows.PUT;
import static io.basalt.storage.transfer.TabletRows.START;
import static io.basalt.storage.transfer.TransferStores.FAMILIES;
import static io.basalt.storage.transfer.TransferStores.b;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.storage.Table;
import io.basalt.storage.TabletStore;
import io.basalt.storage.catalog.NewFamily;
import io.basalt.storage.data.Durability;
import io.basalt.storage.data.RowMutation;
import io.basalt.storage.errors.StorageException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.rocksdb.Snapshot;

/**
 * A digest is equal for stores holding the same stored cells in a range, whatever their column families are called,
 * and differs at any stored byte; a read point gives the digest of its moment, and refuses to read families changed
 * since.
 */
class TabletDigestTest {
  @RegisterExtension
  final TransferStores stores = new TransferStores();

  @Test
  void storesHoldingTheSameCellsHaveTheSameDigestWhateverTheirColumnFamiliesAreCalled() throws Exception {
    Table first = TabletRows.sourceTable(stores.open("A"));
    TabletStore storeB = stores.open("B");
    storeB.createTable("other", NewFamily.withDefaults(List.of(b("x"))), List.of(), Map.of());
    Table second = storeB.createTable("t", FAMILIES, List.of(), Map.of());
    TabletRows.fillSource(second);
    assertNotEquals(first.definition().families().get(0).columnFamilyName(),
        second.definition().families().get(0).columnFamilyName());

    TabletDigest digest = TabletDigest.of(first, b(START), b(END));
    assertEquals(digest, TabletDigest.of(second, b(START), b(END)));
    assertEquals(TabletDigest.of(first, b(""), b("")), TabletDigest.of(second, b(""), b("")));
    assertArrayEquals(digest.bytes(), TabletDigest.of(first, b(START), b(END)).bytes());
    assertTrue(digest.toString().matches("sha256:[0-9a-f]{64}"), digest.toString());
    assertNotEquals(digest, TabletDigest.of(first, b(START), b("m\u00ff")), "other rows, another digest");
  }

  @Test
  void anyStoredByteChangesTheDigest() throws Exception {
    Table first = TabletRows.sourceTable(stores.open("A"));
    Table second = TabletRows.sourceTable(stores.open("B"));
    TabletDigest digest = TabletDigest.of(first, b(START), b(END));
    TabletDigest above = TabletDigest.of(first, b(END), b(""));

    // A delete marker is a stored cell like any other, even one no read would notice.
    second.write(RowMutation.forRow(b("m")).add(b("a"), b("q"), 99, TabletRows.DELETE, new byte[0]).build(),
        Durability.LOG);
    assertNotEquals(digest, TabletDigest.of(second, b(START), b(END)));
    second.write(RowMutation.forRow(b("m")).erase(b("a"), b("q"), 99, TabletRows.DELETE).build(), Durability.LOG);
    assertEquals(digest, TabletDigest.of(second, b(START), b(END)), "erased, the same cells again");
    // A value, a timestamp, a type.
    second.write(RowMutation.forRow(b("m\u0001")).add(b("b"), b("x"), 0, PUT, b("\u0000")).build(), Durability.LOG);
    assertNotEquals(digest, TabletDigest.of(second, b(START), b(END)));
    assertEquals(above, TabletDigest.of(second, b(END), b("")), "rows outside the range are not in its digest");
  }

  @Test
  void familyNamesArePartOfTheDigestEvenWithoutCells() throws Exception {
    Table abc = stores.open("A").createTable("t", FAMILIES, List.of(), Map.of());
    Table abd = stores.open("B").createTable("t", NewFamily.withDefaults(List.of(b("a"), b("b"), b("d"))), List.of(),
        Map.of());
    assertNotEquals(TabletDigest.of(abc, b(""), b("")), TabletDigest.of(abd, b(""), b("")));
  }

  @Test
  void aReadPointGivesTheDigestOfItsMoment() throws Exception {
    Table table = TabletRows.sourceTable(stores.open("A"));
    TabletDigest before = TabletDigest.of(table, b(START), b(END));
    try (ReadPoint point = ReadPoint.take(table)) {
      table.deleteRows(b(START), b(END));
      table.compact();
      assertEquals(before, TabletDigest.of(table, b(START), b(END), point), "compactions keep what the point sees");
      assertNotEquals(before, TabletDigest.of(table, b(START), b(END)));
      assertTrue(point.sequenceNumber() > 0);
    }
  }

  @Test
  void aReadPointOfTheCallersOwnSnapshotIsLeftForTheCallerToRelease() throws Exception {
    Table table = TabletRows.sourceTable(stores.open("A"));
    Snapshot snapshot = table.withColumnFamilies("test", (db, definition, handles) -> db.getSnapshot());
    TabletDigest before = TabletDigest.of(table, b(START), b(END));
    table.deleteRows(b(START), b(END));
    try (ReadPoint point = ReadPoint.of(table, snapshot)) {
      assertEquals(before, TabletDigest.of(table, b(START), b(END), point));
    }
    // Still the caller's after the point was closed: it reads on, and the caller releases it.
    try (ReadPoint again = ReadPoint.of(table, snapshot)) {
      assertEquals(before, TabletDigest.of(table, b(START), b(END), again));
    }
    table.withColumnFamilies("test", (db, definition, handles) -> {
      db.releaseSnapshot(snapshot);
      return null;
    });
  }

  @Test
  void aReadPointLeftOpenWhenTheStoreClosesIsReportedAndNothingCrashes() throws Exception {
    TabletStore store = stores.open("A");
    Table table = TabletRows.sourceTable(store);
    ReadPoint point = ReadPoint.take(table);
    StorageException unclean = assertThrows(StorageException.class, store::shutdown);
    assertTrue(unclean.getMessage().contains("unreleased snapshot"), unclean.getMessage());
    // The database is gone: reading or releasing through it now would crash the JVM, so neither happens.
    assertThrows(StorageException.class, () -> TabletDigest.of(table, b(START), b(END), point));
    point.close();
    assertThrows(StorageException.class, () -> ReadPoint.take(table));
  }

  @Test
  void aReadPointReadsOnlyItsTableAsItsFamiliesWereWhileOpen() throws Exception {
    TabletStore store = stores.open("A");
    Table table = TabletRows.sourceTable(store);
    Table other = store.createTable("other", FAMILIES, List.of(), Map.of());
    try (ReadPoint point = ReadPoint.take(table)) {
      assertThrows(IllegalArgumentException.class, () -> TabletDigest.of(other, b(""), b(""), point));
      store.alterTable("t", NewFamily.withDefaults(List.of(b("d"))), List.of(), List.of(), Map.of());
      StorageException changed = assertThrows(StorageException.class,
          () -> TabletDigest.of(table, b(START), b(END), point));
      assertTrue(changed.getMessage().contains("changed since the read point was taken"), changed.getMessage());
    }
    ReadPoint closed = ReadPoint.take(table);
    closed.close();
    closed.close();
    assertThrows(IllegalStateException.class, () -> TabletDigest.of(table, b(START), b(END), closed));
  }
}
