package io.basalt.storage;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.storage.catalog.NewFamily;
import io.basalt.storage.data.Durability;
import io.basalt.storage.data.RowMutation;
import io.basalt.storage.errors.StorageException;
import io.basalt.storage.errors.UnknownTableException;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class TabletSizerTest {
  private static final int PUT = 4;
  private static final int VALUE_BYTES = 1000;

  @RegisterExtension
  final StoreInTempDirectory stores = new StoreInTempDirectory();

  private TabletStore store;

  @Test
  void sizesMoveFromMemtablesToFilesOnFlushAndStayWithTheirTablet() throws Exception {
    store = stores.open();
    Table table = store.createTable("t", NewFamily.withDefaults(List.of(b("f"))), List.of(b("m")),
        Map.of());
    assertEquals(List.of(TabletSize.EMPTY, TabletSize.EMPTY), sizes(table));

    writeRows(table, "a", 400);
    List<TabletSize> written = sizes(table);
    assertTrue(written.get(0).memtableBytes() > 0, written.toString());
    assertEquals(0, written.get(0).fileBytes());
    assertEquals(TabletSize.EMPTY, written.get(1), "nothing was written to the second tablet");

    table.flush();
    List<TabletSize> flushed = sizes(table);
    TabletSize first = flushed.get(0);
    assertEquals(0, first.memtableBytes());
    assertEquals(1, first.fileCount());
    // Random values do not compress: the file holds about what was written.
    assertTrue(first.fileBytes() > 300 * VALUE_BYTES && first.fileBytes() < 500 * VALUE_BYTES, first.toString());
    assertTrue(first.uncompressedBytes() >= 400 * VALUE_BYTES * 9 / 10, first.toString());
    assertTrue(first.indexBytes() > 0 && first.indexBytes() < first.fileBytes(), first.toString());
    assertEquals(TabletSize.EMPTY, flushed.get(1));
  }

  @Test
  void tabletsSharingAFileEachGetTheirPartAndFamiliesAddUp() throws Exception {
    store = stores.open();
    Table table = store.createTable("t", NewFamily.withDefaults(List.of(b("f"), b("g"))),
        List.of(b("m")), Map.of());
    // Enough rows for many 64 KB blocks: RocksDB places a range's bounds at block granularity.
    writeRows(table, "a", 1200);
    writeRows(table, "x", 400);
    table.flush();

    List<TabletSize> sizes = sizes(table);
    TabletSize low = sizes.get(0);
    TabletSize high = sizes.get(1);
    assertEquals(2, low.fileCount(), "one file per family, shared by both tablets");
    assertEquals(2, high.fileCount());
    double ratio = (double) low.fileBytes() / high.fileBytes();
    assertTrue(ratio > 2.5 && ratio < 3.5, "three times the rows, about three times the bytes: " + sizes);
    assertTrue(low.fileBytes() > 2 * 1000 * VALUE_BYTES, "both families count: " + low);
  }

  @Test
  void aDroppedTableCannotBeSized() throws Exception {
    store = stores.open();
    Table table = store.createTable("t", NewFamily.withDefaults(List.of(b("f"))), List.of(), Map.of());
    store.dropTable("t");
    assertThrows(UnknownTableException.class, () -> sizes(table));
  }

  private static List<TabletSize> sizes(Table table) throws StorageException {
    return table.approximateSizes(table.definition().tablets());
  }

  /** Rows {@code prefix000...} with one random value in every family of the table. */
  private static void writeRows(Table table, String prefix, int count) throws StorageException {
    Random random = new Random(count);
    for (int i = 0; i < count; i++) {
      RowMutation.Builder row = RowMutation.forRow(b(String.format("%s%04d", prefix, i)));
      for (var family : table.definition().families()) {
        byte[] value = new byte[VALUE_BYTES];
        random.nextBytes(value);
        row.add(family.name(), b("q"), 1, PUT, value);
      }
      table.write(row.build(), Durability.LOG);
    }
  }

  private static byte[] b(String s) {
    return s.getBytes(UTF_8);
  }
}
