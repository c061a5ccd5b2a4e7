package io.basalt.storage;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.storage.catalog.FamilyOptions;
import io.basalt.storage.catalog.NewFamily;
import io.basalt.storage.data.Durability;
import io.basalt.storage.data.RowMutation;
import io.basalt.storage.data.RowRange;
import io.basalt.storage.data.TableCursor;
import io.basalt.storage.errors.StorageException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.rocksdb.TableProperties;

/**
 * Options changed on an existing family reach the files written from then on, without a restart, and nothing
 * written before, during or after the change is lost. Which files have which options is read from RocksDB's own
 * properties of each file.
 */
class FamilyOptionsChangeTest {
  private static final int PUT = 4;
  private static final int ROWS = 2_000;
  private static final FamilyOptions LZ4_64K = new FamilyOptions(FamilyOptions.Compression.LZ4,
      FamilyOptions.Bloom.NONE, 64 * 1024, true, false);

  @RegisterExtension
  final StoreInTempDirectory stores = new StoreInTempDirectory();

  @Test
  void aNewCompressionAppliesToTheNextFiles() throws Exception {
    TabletStore store = stores.open();
    Table table = store.createTable("t", List.of(new NewFamily(b("f"), LZ4_64K)), List.of(), Map.of());
    String columnFamily = table.definition().families().get(0).columnFamilyName();
    writeRows(table, "a", ROWS);
    table.flush();

    FamilyOptions zstd = new FamilyOptions(FamilyOptions.Compression.ZSTD, FamilyOptions.Bloom.NONE, 64 * 1024, true,
        false);
    store.alterTable("t", List.of(), List.of(), List.of(new NewFamily(b("f"), zstd)), Map.of());
    Set<String> before = table.fileProperties(b("f")).keySet(); // the moved files, renamed as they moved
    writeRows(table, "b", ROWS);
    table.flush();

    assertNotEquals(columnFamily, table.definition().families().get(0).columnFamilyName(), "moved");
    Map<String, TableProperties> files = table.fileProperties(b("f"));
    for (Map.Entry<String, TableProperties> file : files.entrySet()) {
      assertEquals(before.contains(file.getKey()) ? "LZ4" : "ZSTD", file.getValue().getCompressionName(),
          file.getKey());
    }
    assertEquals(before.size() + 1, files.size());
    assertEquals(2 * ROWS, countCells(table));
  }

  @Test
  void newBlockSizeBloomAndCachingMoveTheFamilyWithItsCells() throws Exception {
    TabletStore store = stores.open();
    Table table = store.createTable("t", List.of(new NewFamily(b("f"), LZ4_64K)), List.of(), Map.of());
    writeRows(table, "a", ROWS);
    table.flush();
    writeRows(table, "b", ROWS); // still in the memtable when the options change
    String before = table.definition().families().get(0).columnFamilyName();

    FamilyOptions changed = new FamilyOptions(FamilyOptions.Compression.NONE, FamilyOptions.Bloom.KEY, 4096, false,
        false);
    store.alterTable("t", List.of(), List.of(), List.of(new NewFamily(b("f"), changed)), Map.of());
    String after = table.definition().families().get(0).columnFamilyName();
    assertNotEquals(before, after, "moved to a new column family");
    Set<String> moved = table.fileProperties(b("f")).keySet();
    writeRows(table, "c", ROWS);
    table.flush();

    for (Map.Entry<String, TableProperties> file : table.fileProperties(b("f")).entrySet()) {
      TableProperties properties = file.getValue();
      if (moved.contains(file.getKey())) {
        assertEquals("LZ4", properties.getCompressionName(), "a moved file keeps what it was written with");
        assertNull(properties.getFilterPolicyName());
      } else {
        assertEquals("NoCompression", properties.getCompressionName());
        assertEquals("bloomfilter", properties.getFilterPolicyName());
        // 2,000 cells of a 1 KiB value: some 500 blocks of 4 KiB where 64 KiB blocks would be some 32.
        assertTrue(properties.getNumDataBlocks() > 400, "data blocks: " + properties.getNumDataBlocks());
      }
    }
    String options = latestOptionsFile();
    String section = options.substring(options.indexOf("[TableOptions/BlockBasedTable \"" + after + "\"]"));
    assertTrue(section.contains("no_block_cache=true"), section);
    assertTrue(section.contains("block_size=4096"), section);
    assertEquals(3 * ROWS, countCells(table));

    store.close();
    store = stores.open();
    Table reopened = store.table("t").orElseThrow();
    assertEquals(changed, reopened.definition().families().get(0).options());
    assertEquals(3 * ROWS, countCells(reopened));
    assertTrue(listFiles(stores.storeDirectory().resolve("moves")).isEmpty(), "no export is left behind");
  }

  @Test
  void writesRacingAMoveAreAllKept() throws Exception {
    TabletStore store = stores.open();
    Table table = store.createTable("t", List.of(new NewFamily(b("f"), LZ4_64K)), List.of(), Map.of());
    writeRows(table, "a", ROWS);
    Set<String> acknowledged = ConcurrentHashMap.newKeySet();
    AtomicBoolean stop = new AtomicBoolean();
    AtomicReference<Throwable> failure = new AtomicReference<>();
    CountDownLatch writing = new CountDownLatch(2);
    List<Thread> writers = new ArrayList<>();
    for (int w = 0; w < 2; w++) {
      String prefix = "w" + w + "-";
      Thread writer = new Thread(() -> {
        try {
          for (int i = 0; !stop.get(); i++) {
            String row = String.format("%s%07d", prefix, i);
            table.write(RowMutation.forRow(b(row)).add(b("f"), b("q"), 1, PUT, b(row)).build(), Durability.LOG);
            acknowledged.add(row);
            if (i == 100) {
              writing.countDown();
            }
          }
        } catch (Throwable e) {
          failure.set(e);
          writing.countDown();
        }
      });
      writer.start();
      writers.add(writer);
    }
    writing.await();
    for (int change = 0; change < 4; change++) {
      FamilyOptions options = new FamilyOptions(FamilyOptions.Compression.LZ4, FamilyOptions.Bloom.NONE,
          change % 2 == 0 ? 4096 : 8192, true, false);
      store.alterTable("t", List.of(), List.of(), List.of(new NewFamily(b("f"), options)), Map.of());
    }
    stop.set(true);
    for (Thread writer : writers) {
      writer.join();
    }
    assertEquals(null, failure.get());

    Set<String> stored = ConcurrentHashMap.newKeySet();
    try (TableCursor cursor = table.openCursor(List.of(), RowRange.forward(b("w"), b("x")))) {
      while (cursor.nextRow()) {
        stored.add(new String(cursor.row(), UTF_8));
      }
    }
    assertTrue(acknowledged.size() > 200, "writes went on: " + acknowledged.size());
    assertEquals(acknowledged, stored);
    assertEquals(ROWS + acknowledged.size(), countCells(table));
  }

  private static void writeRows(Table table, String prefix, int rows) throws StorageException {
    byte[] value = new byte[1024];
    for (int i = 0; i < rows; i++) {
      value[i % value.length] = (byte) i; // values that do not compress to nothing
      table.write(RowMutation.forRow(b(String.format("%s%05d", prefix, i))).add(b("f"), b("q"), 1, PUT, value.clone())
          .build(), Durability.LOG);
    }
  }

  private static int countCells(Table table) throws StorageException {
    int cells = 0;
    try (TableCursor cursor = table.openCursor(List.of(), RowRange.forward(b(""), b("")))) {
      while (cursor.nextRow()) {
        while (cursor.nextCell()) {
          cells++;
        }
      }
    }
    return cells;
  }

  private String latestOptionsFile() throws Exception {
    Path newest = listFiles(stores.storeDirectory()).stream()
        .filter(p -> p.getFileName().toString().startsWith("OPTIONS-"))
        .max(Comparator.comparing(p -> Long.parseLong(p.getFileName().toString().substring(8))))
        .orElseThrow();
    return Files.readString(newest);
  }

  private static List<Path> listFiles(Path directory) throws Exception {
    if (!Files.exists(directory)) {
      return List.of();
    }
    try (var files = Files.list(directory)) {
      return files.toList();
    }
  }

  private static byte[] b(String s) {
    return s.getBytes(UTF_8);
  }
}
