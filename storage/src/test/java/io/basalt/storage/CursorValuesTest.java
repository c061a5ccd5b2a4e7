package io.basalt.storage;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.storage.catalog.NewFamily;
import io.basalt.storage.data.Durability;
import io.basalt.storage.data.RowMutation;
import io.basalt.storage.data.RowRange;
import io.basalt.storage.data.TableCursor;
import io.basalt.storage.errors.StorageException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A cursor reads a cell's value only when asked, while it still rests on the cell, and remembers what it saw at a
 * position until it moves: whatever mix of steps, skips and value reads a reader makes, every value it gets is the
 * value of the cell whose coordinates it was given.
 */
class CursorValuesTest {
  private static final int PUT = 4;
  private static final List<byte[]> FAMILIES = List.of(b("a"), b("b"));

  @RegisterExtension
  final StoreInTempDirectory stores = new StoreInTempDirectory();

  @Test
  void aValueIsReadWhileTheCursorRestsOnItsCell() throws Exception {
    Table table = tableOfCells(3, 2, 3);
    try (TableCursor cursor = table.openCursor(List.of(), b(""), b(""))) {
      assertTrue(cursor.nextRow());
      assertTrue(cursor.nextCell());
      byte[] value = cursor.value();
      assertEquals(coordinates(cursor), s(value));
      assertSame(value, cursor.value(), "read once");
      cursor.skipColumn();
      assertSame(value, cursor.value(), "a value read stays readable until the next cell");
      assertTrue(cursor.nextCell());
      cursor.skipColumn(); // before its value was asked for
      IllegalStateException moved = assertThrows(IllegalStateException.class, cursor::value);
      assertTrue(moved.getMessage().contains("moved past"), moved.getMessage());
      assertTrue(cursor.nextCell());
      assertEquals(coordinates(cursor), s(cursor.value()));
    }
  }

  @Test
  void aCursorClosedUnderItsReaderKeepsTheCurrentValueAndRefusesToMove() throws Exception {
    Table table = tableOfCells(2, 1, 1);
    TableCursor cursor = table.openCursor(List.of(), b(""), b(""));
    assertTrue(cursor.nextRow());
    assertTrue(cursor.nextCell());
    String expected = coordinates(cursor);
    cursor.close("the table was dropped"); // what the table does, from another thread, when dropped
    assertEquals(expected, s(cursor.value()));
    StorageException closed = assertThrows(StorageException.class, cursor::nextCell);
    assertTrue(closed.getMessage().contains("the table was dropped"), closed.getMessage());
  }

  @Test
  void everyValueReadMatchesItsCellWhateverTheReaderSkipsOrSeeks() throws Exception {
    Table table = tableOfCells(40, 4, 3);
    for (boolean reversed : new boolean[] {false, true}) {
      Random random = new Random(reversed ? 2 : 1);
      for (int round = 0; round < 20; round++) {
        RowRange range = reversed ? RowRange.reversed(b(""), b("")) : RowRange.forward(b(""), b(""));
        int valuesRead = 0;
        try (TableCursor cursor = table.openCursor(List.of(), range)) {
          while (cursor.nextRow()) {
            while (cursor.nextCell()) {
              if (random.nextBoolean()) {
                assertEquals(coordinates(cursor), s(cursor.value()), "reversed=" + reversed);
                valuesRead++;
              }
              switch (random.nextInt(7)) {
                case 0 -> cursor.skipColumn();
                case 1 -> cursor.skipFamily();
                // Past every version of this column, as a read naming its columns seeks to the next one.
                case 2 -> cursor.seekFamily(cursor.row(), b(s(cursor.qualifier()) + "\0"), Long.MAX_VALUE, 255);
                default -> {
                  // the next cell
                }
              }
            }
          }
        }
        assertTrue(valuesRead > 0);
      }
    }
  }

  @Test
  void readingOnlySomeValuesStillVisitsEveryCell() throws Exception {
    Table table = tableOfCells(5, 2, 4);
    int visited = 0;
    List<String> oldest = new ArrayList<>();
    try (TableCursor cursor = table.openCursor(List.of(), b(""), b(""))) {
      while (cursor.nextRow()) {
        while (cursor.nextCell()) {
          visited++;
          if (cursor.timestamp() == 1) {
            oldest.add(s(cursor.value()));
          }
        }
      }
    }
    assertEquals(5 * 2 * 4 * FAMILIES.size(), visited);
    assertEquals(5 * 2 * FAMILIES.size(), oldest.size());
    assertTrue(oldest.stream().allMatch(value -> value.endsWith("/1")), oldest.toString());
  }

  @Test
  void keysAndValuesOfEverySizeAreReadWhole() throws Exception {
    TabletStore store = stores.open();
    Table table = store.createTable("t", NewFamily.withDefaults(FAMILIES), List.of(), Map.of());
    // Around the sizes of the scratch arrays reads copy through (512-byte keys, 16 KiB values) and far past them.
    int[] rowLengths = {1, 480, 490, 500, 510, 520, 4_000};
    int[] valueLengths = {0, 100, 16_383, 16_384, 16_385, 1 << 20};
    Random random = new Random(3);
    Map<String, byte[]> written = new TreeMap<>();
    for (int rowLength : rowLengths) {
      for (int valueLength : valueLengths) {
        byte[] row = new byte[rowLength];
        random.nextBytes(row);
        row[0] = 'r';
        byte[] value = new byte[valueLength];
        random.nextBytes(value);
        table.write(RowMutation.forRow(row).add(b("a"), b("q"), 1, PUT, value).build(), Durability.LOG);
        written.put(HexFormat.of().formatHex(row), value);
      }
    }
    for (boolean flushed : new boolean[] {false, true}) {
      if (flushed) {
        table.flush();
      }
      Map<String, byte[]> read = new TreeMap<>();
      try (TableCursor cursor = table.openCursor(List.of(), b(""), b(""))) {
        while (cursor.nextRow()) {
          assertTrue(cursor.nextCell());
          read.put(HexFormat.of().formatHex(cursor.row()), cursor.value());
        }
      }
      assertEquals(written.keySet(), read.keySet(), "flushed=" + flushed);
      for (Map.Entry<String, byte[]> cell : written.entrySet()) {
        assertArrayEquals(cell.getValue(), read.get(cell.getKey()),
            "row " + cell.getKey() + ", flushed=" + flushed);
      }
    }
  }

  @Test
  void aCursorHandedToAnotherThreadDoesNotCopyThroughTheFirstThreadsScratch() throws Exception {
    Table table = tableOfCells(40, 4, 3);
    ExecutorService first = Executors.newSingleThreadExecutor();
    ExecutorService second = Executors.newSingleThreadExecutor();
    try {
      for (int round = 0; round < 20; round++) {
        try (TableCursor handedOver = table.openCursor(List.of(), b(""), b(""))) {
          // Read first on one thread, as by a scanner's first call; then on another, while the first reads on.
          first.submit(() -> {
            assertTrue(handedOver.nextRow());
            assertTrue(handedOver.nextCell());
            assertEquals(coordinates(handedOver), s(handedOver.value()));
            return null;
          }).get();
          AtomicBoolean handedOverDone = new AtomicBoolean();
          Future<?> meanwhile = first.submit(() -> {
            while (!handedOverDone.get()) {
              try (TableCursor other = table.openCursor(List.of(), b(""), b(""))) {
                while (other.nextRow() && !handedOverDone.get()) {
                  while (other.nextCell()) {
                    assertEquals(coordinates(other), s(other.value()));
                  }
                }
              }
            }
            return null;
          });
          Future<Integer> afterHandover = second.submit(() -> {
            int cells = 0;
            try {
              do {
                while (handedOver.nextCell()) {
                  assertEquals(coordinates(handedOver), s(handedOver.value()));
                  cells++;
                }
              } while (handedOver.nextRow());
            } finally {
              handedOverDone.set(true);
            }
            return cells;
          });
          assertEquals(40 * 4 * 3 * FAMILIES.size() - 1, afterHandover.get(60, TimeUnit.SECONDS));
          meanwhile.get(60, TimeUnit.SECONDS);
        }
      }
    } finally {
      first.shutdownNow();
      second.shutdownNow();
    }
  }

  /**
   * Rows r00.., each with {@code columns} columns of {@code versions} versions in both families; the first half of
   * the rows in files, the rest in the memtable.
   */
  private Table tableOfCells(int rows, int columns, int versions) throws StorageException {
    TabletStore store = stores.open();
    Table table = store.createTable("t", NewFamily.withDefaults(FAMILIES), List.of(), Map.of());
    for (int r = 0; r < rows; r++) {
      String row = String.format("r%02d", r);
      RowMutation.Builder mutation = RowMutation.forRow(b(row));
      for (byte[] family : FAMILIES) {
        for (int c = 0; c < columns; c++) {
          for (int ts = 1; ts <= versions; ts++) {
            String qualifier = "q" + c;
            mutation.add(family, b(qualifier), ts, PUT, b(row + "/" + s(family) + ":" + qualifier + "/" + ts));
          }
        }
      }
      table.write(mutation.build(), Durability.LOG);
      if (r == rows / 2) {
        table.flush();
      }
    }
    return table;
  }

  private static String coordinates(TableCursor cursor) {
    return s(cursor.row()) + "/" + s(cursor.family()) + ":" + s(cursor.qualifier()) + "/" + cursor.timestamp();
  }

  private static byte[] b(String s) {
    return s.getBytes(UTF_8);
  }

  private static String s(byte[] bytes) {
    return new String(bytes, UTF_8);
  }
}
