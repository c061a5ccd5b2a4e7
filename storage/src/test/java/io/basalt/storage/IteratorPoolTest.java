package io.basalt.storage;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.storage.catalog.NewFamily;
import io.basalt.storage.data.Durability;
import io.basalt.storage.data.IteratorPool;
import io.basalt.storage.data.RowMutation;
import io.basalt.storage.data.RowRange;
import io.basalt.storage.data.TableCursor;
import io.basalt.storage.data.Waiting;
import io.basalt.storage.errors.StorageException;
import io.basalt.storage.errors.WouldBlockException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Cursors over one family between two bounds reuse the table's kept iterators: each reads exactly its own range and
 * the latest state, whatever the iterator read before, and kept iterators neither outlive their table or family nor
 * pin files a compaction replaced.
 */
class IteratorPoolTest {
  private static final int PUT = 4;

  @RegisterExtension
  final StoreInTempDirectory stores = new StoreInTempDirectory();

  @Test
  void aKeptIteratorReadsOnlyTheRangeOfItsNextCursorInEitherDirection() throws Exception {
    TabletStore store = stores.open();
    Table table = table(store, "f");
    for (String row : List.of("r1", "r1\0", "r10", "r2", "r20")) {
      table.write(put(row, "v-" + row), Durability.LOG);
    }
    IteratorPool pool = table.iteratorPool();
    assertEquals(List.of("r1=v-r1"), get(table, "r1"));
    assertEquals(List.of("r10=v-r10"), get(table, "r10"));
    assertEquals(List.of("r1\0=v-r1\0"), get(table, "r1\0"));
    assertEquals(List.of(), get(table, "r15"));
    assertEquals(List.of("r2=v-r2"), get(table, "r2"));
    assertEquals(List.of("r10=v-r10", "r1\0=v-r1\0"), read(table, RowRange.reversed(b("r1\0"), b("r2"))));
    assertEquals(List.of("r20=v-r20", "r2=v-r2"), read(table, RowRange.reversed(b("r2"), b("r3"))));
    assertEquals(List.of("r1\0=v-r1\0", "r10=v-r10"), read(table, RowRange.forward(b("r1\0"), b("r2"))));
    assertEquals(1, pool.openedCount(), "one iterator served every cursor");
    assertEquals(1, pool.idleCount());
  }

  @Test
  void aKeptIteratorSeesWhatWasWrittenFlushedAndCompactedSinceItsLastUse() throws Exception {
    TabletStore store = stores.open();
    Table table = table(store, "f");
    assertEquals(List.of(), get(table, "r"));
    table.write(put("r", "first", 1), Durability.LOG);
    assertEquals(List.of("r=first"), get(table, "r"));
    table.flush();
    assertEquals(List.of("r=first"), get(table, "r"));
    table.write(put("r", "second", 2), Durability.LOG);
    assertEquals(List.of("r=second", "r=first"), get(table, "r"));
    table.write(RowMutation.forRow(b("r")).erase(b("f"), b("q"), 2, PUT).build(), Durability.LOG);
    table.flush();
    table.compact();
    assertEquals(List.of("r=first"), get(table, "r"), "the erased cell is gone");
    assertEquals(1, table.iteratorPool().openedCount());
  }

  @Test
  void filesACompactionReplacedAreDeletedOnceTheIteratorPinningThemIsSwept() throws Exception {
    TabletStore store = stores.open();
    Table table = table(store, "f");
    // Two files whose rows interleave, so that compacting them writes a new file rather than moving them.
    table.write(put("a", "1"), Durability.LOG);
    table.write(put("c", "1"), Durability.LOG);
    table.flush();
    table.write(put("b", "1"), Durability.LOG);
    table.flush();
    Set<Path> flushed = sstFiles();
    assertEquals(List.of("a=1"), get(table, "a")); // keeps an iterator over both flushed files
    table.compact();
    assertTrue(sstFiles().containsAll(flushed), "an idle kept iterator pins the files it read");
    long deadline = System.nanoTime() + 30_000_000_000L;
    while (sstFiles().stream().anyMatch(flushed::contains)) {
      assertTrue(System.nanoTime() < deadline, "the store's sweep never closed the idle iterator");
      Thread.sleep(50);
    }
    assertEquals(0, table.iteratorPool().idleCount());
    assertEquals(List.of("a=1"), get(table, "a"));
  }

  @Test
  void droppingTheTableClosesItsKeptIteratorsAndOnesInUse() throws Exception {
    TabletStore store = stores.open();
    Table table = table(store, "f");
    table.write(put("a", "1"), Durability.LOG);
    assertEquals(List.of("a=1"), get(table, "a"));
    IteratorPool pool = table.iteratorPool();
    TableCursor inUse = table.openCursor(List.of(), b("a"), b("a\0"));
    assertTrue(inUse.nextRow());
    assertEquals(0, pool.idleCount(), "the open cursor took the kept iterator");
    try (TableCursor second = table.openCursor(List.of(), b("a"), b("a\0"))) {
      assertTrue(second.nextRow());
    }
    assertEquals(1, pool.idleCount());
    store.dropTable("t");
    assertEquals(0, pool.idleCount());
    StorageException closed = assertThrows(StorageException.class, inUse::nextCell);
    assertTrue(closed.getMessage().contains("dropped"), closed.getMessage());
    inUse.close();
    assertEquals(0, pool.idleCount());
  }

  @Test
  void aNewLayoutClosesKeptIteratorsAndOnesInUseWhenReturned() throws Exception {
    TabletStore store = stores.open();
    Table table = table(store, "f");
    table.write(put("a", "1"), Durability.LOG);
    TableCursor inUse = table.openCursor(List.of(), b("a"), b("a\0"));
    assertEquals(List.of("a=1"), get(table, "a"));
    IteratorPool pool = table.iteratorPool();
    assertEquals(1, pool.idleCount());
    store.alterTable("t", NewFamily.withDefaults(List.of(b("g"))), List.of(), List.of(),
        table.definition().properties());
    assertEquals(0, pool.idleCount());
    assertTrue(inUse.nextRow(), "a cursor open across the change reads on");
    inUse.close();
    assertEquals(0, pool.idleCount(), "an iterator of the old layout is not kept");
    table.write(RowMutation.forRow(b("a")).add(b("g"), b("q"), 1, PUT, b("2")).build(), Durability.LOG);
    assertEquals(List.of("a=2"), read(table, List.of(b("g")), RowRange.forward(b("a"), b("a\0"))));
    assertEquals(1, pool.idleCount());
  }

  @Test
  void cursorsOverSeveralFamiliesOpenEndedRangesLongRowsOrSweepsOpenTheirOwn() throws Exception {
    TabletStore store = stores.open();
    Table table = store.createTable("t", NewFamily.withDefaults(List.of(b("f"), b("g"))), List.of(),
        Map.of());
    byte[] longRow = new byte[2000];
    Arrays.fill(longRow, (byte) 'x');
    table.write(put("a", "1"), Durability.LOG);
    table.write(RowMutation.forRow(longRow).add(b("f"), b("q"), 1, PUT, b("long")).build(), Durability.LOG);
    assertEquals(List.of("a=1"), read(table, List.of(), RowRange.forward(b("a"), b("a\0"))));
    assertEquals(List.of("a=1"), read(table, List.of(b("f")), RowRange.forward(b(""), b("b"))));
    assertEquals(2, read(table, List.of(b("f")), RowRange.forward(b("a"), b(""))).size());
    assertEquals(1, read(table, List.of(b("f")), RowRange.forward(longRow, Arrays.copyOf(longRow, 2001))).size());
    try (TableCursor sweep = table.openSweepCursor(List.of(b("f")), RowRange.forward(b("a"), b("b")))) {
      assertTrue(sweep.nextRow());
    }
    assertEquals(0, table.iteratorPool().openedCount());
    assertEquals(0, table.iteratorPool().idleCount());
  }

  @Test
  void anIteratorThatStoppedShortOfAnUncachedBlockIsNotKept() throws Exception {
    TabletStore store = stores.open();
    Table table = table(store, "f");
    for (int i = 0; i < 100; i++) {
      table.write(put(String.format("r%03d", i), "flushed"), Durability.LOG);
    }
    table.flush();
    store.close();
    store = stores.open(); // an empty block cache
    Table reopened = store.table("t").orElseThrow();
    assertThrows(WouldBlockException.class, () -> get(reopened, "r050", Waiting.REFUSED));
    IteratorPool pool = reopened.iteratorPool();
    assertEquals(0, pool.idleCount());
    assertEquals(List.of("r050=flushed"), get(reopened, "r050"));
    assertEquals(List.of("r050=flushed"), get(reopened, "r050", Waiting.REFUSED));
    assertEquals(2, pool.idleCount(), "one kept for reads that wait, one for reads that do not");
  }

  @Test
  void concurrentGetsEachReadTheirOwnRowWhileRowsAreRewrittenAndFlushed() throws Exception {
    TabletStore store = stores.open();
    Table table = table(store, "f");
    int rows = 200;
    for (int i = 0; i < rows; i++) {
      table.write(put(row(i), row(i) + "@0", 0), Durability.LOG);
    }
    AtomicBoolean writing = new AtomicBoolean(true);
    ExecutorService threads = Executors.newFixedThreadPool(5);
    try {
      Future<?> writer = threads.submit(() -> {
        for (long version = 1; writing.get(); version++) {
          for (int i = 0; i < rows; i += 7) {
            table.write(put(row(i), row(i) + "@" + version, version), Durability.SKIP_LOG);
          }
          if (version % 20 == 0) {
            table.flush();
          }
        }
        return null;
      });
      List<Future<?>> readers = new ArrayList<>();
      for (int reader = 0; reader < 4; reader++) {
        readers.add(threads.submit(() -> {
          for (int n = 0; n < 3000; n++) {
            String row = row(ThreadLocalRandom.current().nextInt(rows));
            List<String> cells = get(table, row);
            assertFalse(cells.isEmpty(), row);
            for (String cell : cells) {
              assertTrue(cell.startsWith(row + "=" + row + "@"), cell);
            }
          }
          return null;
        }));
      }
      for (Future<?> reader : readers) {
        reader.get();
      }
      writing.set(false);
      writer.get();
    } finally {
      writing.set(false);
      threads.shutdownNow();
    }
    // At most four are in use at once; one more only if a reader sat idle past a sweep.
    assertTrue(table.iteratorPool().openedCount() <= 8, "readers reused kept iterators");
  }

  private static String row(int i) {
    return String.format("row%04d", i);
  }

  private Set<Path> sstFiles() throws IOException {
    try (Stream<Path> files = Files.list(stores.storeDirectory())) {
      return files.filter(p -> p.toString().endsWith(".sst")).collect(Collectors.toSet());
    }
  }

  private static Table table(TabletStore store, String family) throws StorageException {
    return store.createTable("t", NewFamily.withDefaults(List.of(b(family))), List.of(), Map.of());
  }

  /** Reads one row as a get does: a cursor over the row alone, every version. */
  private static List<String> get(Table table, String row) throws StorageException {
    return get(table, row, Waiting.ALLOWED);
  }

  private static List<String> get(Table table, String row, Waiting waiting) throws StorageException {
    return read(table, List.of(), RowRange.forward(b(row), b(row + "\0")), waiting);
  }

  private static List<String> read(Table table, RowRange range) throws StorageException {
    return read(table, List.of(), range, Waiting.ALLOWED);
  }

  private static List<String> read(Table table, List<byte[]> families, RowRange range) throws StorageException {
    return read(table, families, range, Waiting.ALLOWED);
  }

  private static List<String> read(Table table, List<byte[]> families, RowRange range, Waiting waiting)
      throws StorageException {
    List<String> cells = new ArrayList<>();
    try (TableCursor cursor = table.openCursor(families, range, waiting, false)) {
      while (cursor.nextRow()) {
        while (cursor.nextCell()) {
          cells.add(new String(cursor.row(), UTF_8) + "=" + new String(cursor.value(), UTF_8));
        }
      }
    }
    return cells;
  }

  private static RowMutation put(String row, String value) {
    return put(row, value, 1);
  }

  private static RowMutation put(String row, String value, long timestamp) {
    return RowMutation.forRow(b(row)).add(b("f"), b("q"), timestamp, PUT, b(value)).build();
  }

  private static byte[] b(String s) {
    return s.getBytes(UTF_8);
  }
}
