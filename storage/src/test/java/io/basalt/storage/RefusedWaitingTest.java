package io.basalt.storage;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.storage.catalog.NewFamily;
import io.basalt.storage.data.Durability;
import io.basalt.storage.data.RowLocks;
import io.basalt.storage.data.RowMutation;
import io.basalt.storage.data.RowRange;
import io.basalt.storage.data.TableCursor;
import io.basalt.storage.data.Waiting;
import io.basalt.storage.errors.StorageException;
import io.basalt.storage.errors.WouldBlockException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Every operation asked not to wait ({@link Waiting#REFUSED}) stops with {@link WouldBlockException} before
 * changing anything where it would have waited, and the same operation allowed to wait then succeeds.
 */
class RefusedWaitingTest {
  private static final Waiting REFUSED = Waiting.REFUSED;

  private static final int PUT = 4;

  @RegisterExtension
  final StoreInTempDirectory stores = new StoreInTempDirectory();

  private TabletStore store;

  @Test
  void aRowLockHeldElsewhereIsNotWaitedFor() throws Exception {
    store = stores.open();
    Table table = store.createTable("t", NewFamily.withDefaults(List.of(b("f"))), List.of(), Map.of());
    CountDownLatch locked = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    CompletableFuture<Void> holder = CompletableFuture.runAsync(() -> {
      try (RowLocks.RowLock ignored = table.lockRow(b("r"))) {
        locked.countDown();
        release.await();
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    });
    locked.await();
    try {
      assertThrows(WouldBlockException.class, () -> table.lockRow(b("r"), REFUSED));
      assertThrows(WouldBlockException.class, () -> table.lockAll(List.of(b("a"), b("r")), REFUSED));
      assertThrows(WouldBlockException.class, () -> table.write(put("r", "v"), Durability.LOG, REFUSED));
      // Another row's lock is free (rows share a lock only when they hash alike, which these do not).
      table.write(put("other", "v"), Durability.LOG, REFUSED);
    } finally {
      release.countDown();
      holder.join();
    }
    assertEquals(List.of("other=v"), readAll(table));
    table.write(put("r", "v"), Durability.LOG);
    assertEquals(List.of("other=v", "r=v"), readAll(table));
  }

  @Test
  void anFsyncIsRefusedBeforeAnythingIsWritten() throws Exception {
    store = stores.open();
    Table table = store.createTable("t", NewFamily.withDefaults(List.of(b("f"))), List.of(), Map.of());
    assertThrows(WouldBlockException.class, () -> table.write(put("r", "synced"), Durability.LOG_FSYNC, REFUSED));
    table.write(put("s", "logged"), Durability.LOG, REFUSED);
    table.write(put("t", "unlogged"), Durability.SKIP_LOG, REFUSED);
    assertEquals(List.of("s=logged", "t=unlogged"), readAll(table));
    table.write(put("r", "synced"), Durability.LOG_FSYNC);
    assertEquals(List.of("r=synced", "s=logged", "t=unlogged"), readAll(table));
  }

  @Test
  void aBlockOnlyOnDiskIsNotReadButTheMemtableIs() throws Exception {
    store = stores.open();
    Table table = store.createTable("t", NewFamily.withDefaults(List.of(b("f"))), List.of(), Map.of());
    for (int i = 0; i < 100; i++) {
      table.write(put(String.format("r%03d", i), "flushed"), Durability.LOG);
    }
    table.flush();
    store.close();
    // Reopened, the block cache is empty: the flushed rows are only in files.
    store = stores.open();
    Table reopened = store.table("t").orElseThrow();
    reopened.write(put("s", "in memory"), Durability.LOG);
    assertEquals(List.of("s=in memory"), readRows(reopened, "s", "t", REFUSED));
    assertThrows(WouldBlockException.class, () -> readRows(reopened, "r050", "r051", REFUSED));
    assertEquals(List.of("r050=flushed"), readRows(reopened, "r050", "r051", Waiting.ALLOWED));
    // Once read, the block is cached and the same read no longer has to wait.
    assertEquals(List.of("r050=flushed"), readRows(reopened, "r050", "r051", REFUSED));
  }

  @Test
  void aRowPartlyInTheCacheIsNotReadHalf() throws Exception {
    store = stores.open();
    Table table = store.createTable("t", NewFamily.withDefaults(List.of(b("f"))), List.of(), Map.of());
    RowMutation.Builder wide = RowMutation.forRow(b("r"));
    for (int column = 0; column < 300; column++) {
      wide.add(b("f"), b(String.format("c%03d", column)), 1, PUT, new byte[1000]);
    }
    table.write(wide.build(), Durability.LOG);
    table.flush();
    store.close();
    store = stores.open();
    Table reopened = store.table("t").orElseThrow();
    // Only the row's first block is read into the cache; a later column in the memtable keeps the merged iterator
    // valid when its step into the next, uncached block of the file stops.
    assertEquals(1, cellsOf(reopened, 1, Waiting.ALLOWED));
    reopened.write(RowMutation.forRow(b("r")).add(b("f"), b("zzz"), 1, PUT, b("in memory")).build(), Durability.LOG);
    assertThrows(WouldBlockException.class, () -> cellsOf(reopened, Integer.MAX_VALUE, REFUSED));
    assertEquals(301, cellsOf(reopened, Integer.MAX_VALUE, Waiting.ALLOWED));
  }

  /** How many cells of row "r" a cursor reads, stopping after {@code most}. */
  private static int cellsOf(Table table, int most, Waiting waiting) throws StorageException {
    int cells = 0;
    try (TableCursor cursor = table.openCursor(List.of(), RowRange.forward(b("r"), b("r\0")), waiting, false)) {
      while (cursor.nextRow()) {
        while (cells < most && cursor.nextCell()) {
          cells++;
        }
      }
    }
    return cells;
  }

  @Test
  void aResumableCursorGoesOnBlockingOverTheStateItOpenedOn() throws Exception {
    Table table = tableWithFlushedRows(100);
    TableCursor cursor = table.openCursor(List.of(), RowRange.forward(b(""), b("")), REFUSED, true);
    try {
      assertTrue(cursor.readsWithoutWaiting());
      assertThrows(WouldBlockException.class, () -> readInto(cursor, new ArrayList<>()));
      // Written after the cursor opened: a resumed cursor must not see it, as the first rows did not.
      table.write(put("r050", "rewritten"), Durability.LOG);
      table.write(put("r100", "added"), Durability.LOG);
      cursor.resumeBlocking(b("r040"));
      assertFalse(cursor.readsWithoutWaiting());
      List<String> resumed = new ArrayList<>();
      readInto(cursor, resumed);
      assertEquals(60, resumed.size());
      assertEquals("r040=flushed", resumed.get(0));
      assertEquals("r050=flushed", resumed.get(10));
      assertEquals("r099=flushed", resumed.get(59));
      cursor.resumeBlocking(null);
      List<String> again = new ArrayList<>();
      readInto(cursor, again);
      assertEquals(100, again.size());
      assertEquals("r000=flushed", again.get(0));
    } finally {
      cursor.close();
    }
  }

  @Test
  void onlyAResumableCursorOpenedWithoutWaitingResumes() throws Exception {
    Table table = tableWithFlushedRows(10);
    try (TableCursor blocking = table.openCursor(List.of(), RowRange.forward(b(""), b("")), Waiting.ALLOWED,
        true)) {
      assertFalse(blocking.isResumable());
      assertThrows(IllegalStateException.class, () -> blocking.resumeBlocking(null));
    }
    try (TableCursor plain = table.openCursor(List.of(), RowRange.forward(b(""), b("")), REFUSED, false)) {
      assertFalse(plain.isResumable());
    }
    TableCursor resumable = openResumableWithoutWaiting(table);
    assertTrue(resumable.isResumable());
    resumable.resumeBlocking(null);
    List<String> read = new ArrayList<>();
    readInto(resumable, read);
    assertEquals(10, read.size());
    resumable.close();
    assertThrows(StorageException.class, () -> resumable.resumeBlocking(null));
  }

  @Test
  void aCursorWhoseFamiliesChangedDoesNotResume() throws Exception {
    Table table = tableWithFlushedRows(10);
    TableCursor cursor = openResumableWithoutWaiting(table);
    try {
      store.alterTable("t", NewFamily.withDefaults(List.of(b("g"))), List.of(b("f")), List.of(),
          table.definition().properties());
      StorageException failure = assertThrows(StorageException.class, () -> cursor.resumeBlocking(null));
      assertTrue(failure.getMessage().contains("changed"), failure.getMessage());
    } finally {
      cursor.close();
    }
  }

  private static TableCursor openResumableWithoutWaiting(Table table) throws StorageException {
    return table.openCursor(List.of(), RowRange.forward(b(""), b("")), REFUSED, true);
  }

  /** Table "t" with rows r000, r001, ... of value "flushed", only in files: the store is reopened, its cache empty. */
  private Table tableWithFlushedRows(int rows) throws StorageException {
    store = stores.open();
    Table table = store.createTable("t", NewFamily.withDefaults(List.of(b("f"))), List.of(), Map.of());
    for (int i = 0; i < rows; i++) {
      table.write(put(String.format("r%03d", i), "flushed"), Durability.LOG);
    }
    table.flush();
    store.close();
    store = stores.open();
    return store.table("t").orElseThrow();
  }

  private static void readInto(TableCursor cursor, List<String> rows) throws StorageException {
    while (cursor.nextRow()) {
      while (cursor.nextCell()) {
        rows.add(new String(cursor.row(), UTF_8) + "=" + new String(cursor.value(), UTF_8));
      }
    }
  }

  @Test
  void aTableBeingChangedIsNotWaitedFor() throws Exception {
    store = stores.open();
    Table table = store.createTable("t", NewFamily.withDefaults(List.of(b("f"))), List.of(), Map.of());
    CountDownLatch changing = new CountDownLatch(1);
    CountDownLatch finish = new CountDownLatch(1);
    // A schema change holds the table's lifecycle lock; replaceDefinition takes it, so hold it through one.
    CompletableFuture<Void> change = CompletableFuture.runAsync(() -> table.whileChanging(() -> {
      changing.countDown();
      try {
        finish.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }));
    changing.await();
    try {
      assertThrows(WouldBlockException.class, () -> table.write(put("r", "v"), Durability.LOG, REFUSED));
      assertThrows(WouldBlockException.class,
          () -> table.openCursor(List.of(), RowRange.forward(b(""), b("")), REFUSED, false));
    } finally {
      finish.countDown();
      change.join();
    }
    table.write(put("r", "v"), Durability.LOG, REFUSED);
    assertEquals(List.of("r=v"), readAll(table));
  }

  @Test
  void refusingIsANoOpWhereWaitingIsAllowed() {
    Waiting.ALLOWED.refuse("waiting is allowed here");
    assertThrows(WouldBlockException.class, () -> Waiting.REFUSED.refuse("waiting"));
  }


  private static RowMutation put(String row, String value) {
    return RowMutation.forRow(b(row)).add(b("f"), b("q"), 1, PUT, b(value)).build();
  }

  private static List<String> readAll(Table table) throws StorageException {
    return readRows(table, "", "", Waiting.ALLOWED);
  }

  private static List<String> readRows(Table table, String start, String stop, Waiting waiting)
      throws StorageException {
    List<String> rows = new ArrayList<>();
    try (TableCursor cursor = table.openCursor(List.of(), RowRange.forward(b(start), b(stop)), waiting, false)) {
      while (cursor.nextRow()) {
        while (cursor.nextCell()) {
          rows.add(new String(cursor.row(), UTF_8) + "=" + new String(cursor.value(), UTF_8));
        }
      }
    }
    return rows;
  }

  private static byte[] b(String s) {
    return s.getBytes(UTF_8);
  }
}
