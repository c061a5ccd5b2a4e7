package io.basalt.storage.transfer;

import static io.basalt.storage.transfer.TabletRows.PUT;
import static io.basalt.storage.transfer.TransferStores.FAMILIES;
import static io.basalt.storage.transfer.TransferStores.b;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.storage.Table;
import io.basalt.storage.TabletStore;
import io.basalt.storage.data.Durability;
import io.basalt.storage.data.RowMutation;
import io.basalt.storage.errors.StorageException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A tablet of 200,000 cells moves whole, into a store holding other cells and into an empty one, and the export and
 * digest sweep it without filling the block cache.
 * Prints how long each step took and how large the files are; asserts no timing.
 */
class LargeTabletTransferTest {
  /** Rows of the source; each has five cells: two versions in a, two columns in b, one in c. */
  private static final int ROWS = 50_000;
  private static final int CELLS_PER_ROW = 5;
  private static final int VALUE_BYTES = 100;
  private static final String START = row(5_000);
  private static final String END = row(45_000);

  @RegisterExtension
  final TransferStores stores = new TransferStores();

  @Test
  void aRangeOfTwoHundredThousandCellsMovesWhole() throws Exception {
    TabletStore storeA = stores.open("A");
    Table source = storeA.createTable("t", FAMILIES, List.of(), Map.of());
    fill(source, 0, ROWS, new Random(1));
    source.flush();
    TabletStore storeB = stores.open("B");
    Table target = storeB.createTable("t", FAMILIES, List.of(), Map.of());
    fill(target, 0, ROWS, new Random(2)); // other values in every row, inside the range and out
    target.flush();
    TabletDigest belowBefore = TabletDigest.of(target, b(""), b(START));
    TabletDigest aboveBefore = TabletDigest.of(target, b(END), b(""));

    // A restart leaves the block cache holding nothing read yet (see SweepCursorTest).
    stores.close("A");
    storeA = stores.open("A");
    source = storeA.table("t").orElseThrow();
    long cacheBefore = storeA.blockCacheFigures().usedBytes();

    Path directory = stores.exportDirectory("large");
    long started = System.nanoTime();
    ExportManifest exported = TabletExporter.export(source, b(START), b(END), directory);
    long exportNanos = System.nanoTime() - started;
    started = System.nanoTime();
    TabletDigest sourceDigest = TabletDigest.of(source, b(START), b(END));
    long digestNanos = System.nanoTime() - started;
    long cached = storeA.blockCacheFigures().usedBytes() - cacheBefore;

    started = System.nanoTime();
    TabletImporter.importInto(target, directory);
    long importNanos = System.nanoTime() - started;
    Table wiped = stores.open("C").createTable("t", FAMILIES, List.of(), Map.of());
    started = System.nanoTime();
    TabletImporter.importInto(wiped, directory);
    long wipedNanos = System.nanoTime() - started;

    assertEquals(40_000L * CELLS_PER_ROW, exported.cells());
    assertEquals(sourceDigest, exported.digest());
    assertEquals(sourceDigest, TabletDigest.of(target, b(START), b(END)));
    assertEquals(sourceDigest, TabletDigest.of(wiped, b(START), b(END)));
    assertEquals(belowBefore, TabletDigest.of(target, b(""), b(START)));
    assertEquals(aboveBefore, TabletDigest.of(target, b(END), b("")));
    assertNotEquals(TabletDigest.of(source, b(""), b(START)), belowBefore, "the stores differ outside the range");
    assertTrue(cached < (1 << 20), "the export and digest swept " + exported.fileBytes() + " bytes of files and "
        + "cached " + cached + " bytes");

    long rawBytes = exported.cells() * (VALUE_BYTES + 20L);
    System.out.printf("Transfer of %,d cells (%,d bytes of keys and values, about; %,d bytes of SST files): "
        + "export %,d ms, digest %,d ms, import over other cells %,d ms, into an empty store %,d ms%n",
        exported.cells(), rawBytes, exported.fileBytes(), exportNanos / 1_000_000, digestNanos / 1_000_000,
        importNanos / 1_000_000, wipedNanos / 1_000_000);
  }

  private static void fill(Table table, int from, int to, Random random) throws StorageException {
    List<RowMutation> batch = new ArrayList<>();
    for (int i = from; i < to; i++) {
      batch.add(RowMutation.forRow(b(row(i)))
          .add(b("a"), b("q"), 2, PUT, value(random)).add(b("a"), b("q"), 1, PUT, value(random))
          .add(b("b"), b("x"), 1, PUT, value(random)).add(b("b"), b("y"), 1, PUT, value(random))
          .add(b("c"), b(""), 1, PUT, value(random)).build());
      if (batch.size() == 1_000) {
        table.writeAll(batch, Durability.SKIP_LOG);
        batch.clear();
      }
    }
    table.writeAll(batch, Durability.SKIP_LOG);
  }

  private static byte[] value(Random random) {
    byte[] value = new byte[VALUE_BYTES];
    random.nextBytes(value);
    return value;
  }

  private static String row(int i) {
    return String.format("r%06d", i);
  }
}
