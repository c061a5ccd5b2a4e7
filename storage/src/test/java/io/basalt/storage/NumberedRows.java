package io.basalt.storage;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.basalt.storage.data.Durability;
import io.basalt.storage.data.RowMutation;
import io.basalt.storage.data.TableCursor;
import io.basalt.storage.errors.StorageException;

/** Rows {@code r00000}, {@code r00001}... of one zero-filled cell each in family f, and counting cells read back. */
final class NumberedRows {
  private static final int PUT = 4;

  private NumberedRows() {}

  static void write(Table table, int rows, int valueBytes) throws StorageException {
    for (int i = 0; i < rows; i++) {
      table.write(RowMutation.forRow(String.format("r%05d", i).getBytes(UTF_8))
          .add(family(), "q".getBytes(UTF_8), 1, PUT, new byte[valueBytes]).build(), Durability.LOG);
    }
  }

  static byte[] family() {
    return "f".getBytes(UTF_8);
  }

  /** Reads every cell's value and closes the cursor. */
  static int countCells(TableCursor cursor) throws StorageException {
    int cells = 0;
    try (cursor) {
      while (cursor.nextRow()) {
        while (cursor.nextCell()) {
          cursor.value();
          cells++;
        }
      }
    }
    return cells;
  }
}
