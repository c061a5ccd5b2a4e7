package io.basalt.storage;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.storage.catalog.NewFamily;
import io.basalt.storage.data.Durability;
import io.basalt.storage.data.RowMutation;
import io.basalt.storage.errors.StorageException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class KeyQuantilesTest {
  private static final int PUT = 4;

  @RegisterExtension
  final StoreInTempDirectory stores = new StoreInTempDirectory();

  @Test
  void cutsEvenlyWrittenRowsIntoEqualParts() throws Exception {
    TabletStore store = stores.open();
    Table table = store.createTable("t", NewFamily.withDefaults(List.of(b("f"))), List.of(), Map.of());
    writeRows(table, "r", 0, 4000, 500);
    table.flush();
    List<byte[]> cuts = table.keyQuantiles(10);
    assertEquals(9, cuts.size(), () -> rows(cuts));
    for (int i = 0; i < cuts.size(); i++) {
      int index = Integer.parseInt(new String(cuts.get(i), UTF_8).substring(1));
      int ideal = (i + 1) * 400;
      // RocksDB weighs ranges by whole blocks of its index: cuts land within a few blocks of the ideal.
      assertTrue(Math.abs(index - ideal) <= 120, () -> "cut " + rows(cuts));
    }
  }

  @Test
  void rowsTakingMoreSpaceGetMoreParts() throws Exception {
    TabletStore store = stores.open();
    Table table = store.createTable("t", NewFamily.withDefaults(List.of(b("f"), b("g"))), List.of(), Map.of());
    writeRows(table, "a", 0, 3000, 100);
    writeRows(table, "b", 0, 300, 3000); // a tenth of the rows, three times the bytes
    table.flush();
    List<byte[]> cuts = table.keyQuantiles(8);
    long inB = cuts.stream().filter(row -> row[0] == 'b').count();
    assertTrue(inB >= 4 && inB <= 7, () -> "cuts " + rows(cuts));
    for (int i = 1; i < cuts.size(); i++) {
      assertTrue(Arrays.compareUnsigned(cuts.get(i - 1), cuts.get(i)) < 0, "ascending and distinct");
    }
  }

  @Test
  void rowsStillInMemtablesAreCutToo() throws Exception {
    TabletStore store = stores.open();
    Table table = store.createTable("t", NewFamily.withDefaults(List.of(b("f"))), List.of(), Map.of());
    writeRows(table, "m", 0, 2000, 200);
    List<byte[]> cuts = table.keyQuantiles(4);
    // RocksDB estimates a memtable range by sampling its skip list: the cuts fall by rows, roughly (300 runs: every
    // part between 200 and 1,000 rows of the ideal 500).
    assertEquals(3, cuts.size(), () -> rows(cuts));
    int start = 0;
    for (int i = 0; i <= cuts.size(); i++) {
      int end = i < cuts.size() ? Integer.parseInt(new String(cuts.get(i), UTF_8).substring(1)) : 2000;
      assertTrue(end - start >= 100 && end - start <= 1200, () -> "part of " + rows(cuts));
      start = end;
    }
  }

  @Test
  void anEmptyTableHasNoCuts() throws Exception {
    TabletStore store = stores.open();
    Table table = store.createTable("t", NewFamily.withDefaults(List.of(b("f"))), List.of(), Map.of());
    assertEquals(List.of(), table.keyQuantiles(1000));
  }

  @Test
  void middleLiesBetweenOrIsNull() {
    assertEquals("b", new String(KeyQuantiles.middle(b("a"), b("c")), UTF_8));
    byte[] between = KeyQuantiles.middle(b("a"), b("b"));
    assertTrue(Arrays.compareUnsigned(between, b("a")) > 0 && Arrays.compareUnsigned(between, b("b")) < 0);
    assertNull(KeyQuantiles.middle(b("a"), new byte[] {'a', 0}), "nothing lies between a key and its successor");
  }

  private static String rows(List<byte[]> rows) {
    return rows.stream().map(row -> new String(row, UTF_8)).toList().toString();
  }

  private static void writeRows(Table table, String prefix, int from, int to, int valueBytes)
      throws StorageException {
    Random random = new Random(to);
    for (int i = from; i < to; i++) {
      RowMutation.Builder row = RowMutation.forRow(b(String.format("%s%05d", prefix, i)));
      for (var family : table.definition().families()) {
        byte[] value = new byte[valueBytes];
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
