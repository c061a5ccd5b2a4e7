package io.basalt.storage.transfer;

import static io.basalt.storage.transfer.TransferStores.FAMILIES;
import static io.basalt.storage.transfer.TransferStores.b;

import io.basalt.storage.Table;
import io.basalt.storage.TabletStore;
import io.basalt.storage.catalog.NewFamily;
import io.basalt.storage.data.Durability;
import io.basalt.storage.data.RowMutation;
import io.basalt.storage.errors.StorageException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The rows the transfer tests move: the range {@code [m, n)} and its neighbours, with row keys full of the 00, 01
 * and FF bytes the key encoding escapes or sorts last, empty qualifiers, many versions across the signed timestamp
 * range, delete markers of every kind and puts with a TTL (type 3). Family {@code c} has cells only outside the
 * range.
 */
final class TabletRows {
  static final String START = "m";
  static final String END = "n";
  static final List<String> INSIDE = List.of("m", "m\u0000", "m\u0000\u0000", "m\u0001", "m\u00ff",
      "m\u00ff\u00ff", "mz");
  static final List<String> OUTSIDE = List.of("a", "l\u00ff\u00ff", "n", "n\u0000", "z", "\u00ff\u00ff\u00ff");

  static final int PUT_WITH_TTL = 3;
  static final int PUT = 4;
  static final int DELETE = 8;
  static final int DELETE_FAMILY_VERSION = 10;
  static final int DELETE_COLUMN = 12;
  static final int DELETE_FAMILY = 14;

  private TabletRows() {}

  /** The test table, split into tablets at the range's bounds, filled by {@link #fillSource}. */
  static Table sourceTable(TabletStore store) throws StorageException {
    Table table = store.createTable("t", FAMILIES, List.of(b(START), b(END)), Map.of());
    fillSource(table);
    return table;
  }

  /**
   * The same table in another store, created after another table so its column families have other names, filled by
   * {@link #fillTarget}.
   */
  static Table targetTable(TabletStore store) throws StorageException {
    store.createTable("other", NewFamily.withDefaults(List.of(b("x"))), List.of(), Map.of());
    Table table = store.createTable("t", FAMILIES, List.of(), Map.of());
    fillTarget(table);
    return table;
  }

  /** Fills the source table; half the rows are flushed to files, the rest stay in the memtables. */
  static void fillSource(Table table) throws StorageException {
    Random random = new Random(32);
    List<String> rows = new ArrayList<>(INSIDE);
    rows.addAll(OUTSIDE);
    for (int i = 0; i < rows.size(); i++) {
      String row = rows.get(i);
      RowMutation.Builder mutation = RowMutation.forRow(b(row));
      for (String qualifier : List.of("", "q", "q\u0000", "\u00ff")) {
        for (long version = 1; version <= 5; version++) {
          mutation.add(b("a"), b(qualifier), version, PUT, bytes(random, 20));
        }
      }
      mutation.add(b("a"), b("q"), 3, DELETE, new byte[0])
          .add(b("a"), b("q\u0000"), 6, DELETE_COLUMN, new byte[0])
          .add(b("a"), b(""), 2, DELETE_FAMILY, new byte[0])
          .add(b("a"), b(""), 4, DELETE_FAMILY_VERSION, new byte[0])
          .add(b("b"), b("x"), 7, PUT_WITH_TTL, bytes(random, 30))
          .add(b("b"), b("x"), Long.MAX_VALUE, PUT, bytes(random, 10))
          .add(b("b"), b("x"), 0, PUT, new byte[0])
          .add(b("b"), b("\u0000"), -1, PUT, bytes(random, 10));
      if (OUTSIDE.contains(row)) {
        mutation.add(b("c"), b("only-outside"), 1, PUT, bytes(random, 10));
      }
      table.write(mutation.build(), Durability.LOG);
      if (i == rows.size() / 2) {
        table.flush();
      }
    }
  }

  /** Fills a target table with other cells, inside the range (family {@code c} too) and outside it. */
  static void fillTarget(Table table) throws StorageException {
    for (String row : List.of("m\u0001", "mm", "a", "zz", "\u00ff")) {
      table.write(RowMutation.forRow(b(row)).add(b("a"), b("q"), 9, PUT, b("target " + row))
          .add(b("a"), b("q"), 8, DELETE_COLUMN, new byte[0]).add(b("b"), b("x"), 1, PUT, b("target"))
          .add(b("c"), b("c"), 1, PUT, b("target")).build(), Durability.LOG);
    }
    table.flush();
    table.write(RowMutation.forRow(b("m")).add(b("c"), b(""), 5, PUT, b("target in memtable")).build(),
        Durability.LOG);
  }

  private static byte[] bytes(Random random, int maxLength) {
    byte[] bytes = new byte[random.nextInt(maxLength + 1)];
    random.nextBytes(bytes);
    return bytes;
  }
}
