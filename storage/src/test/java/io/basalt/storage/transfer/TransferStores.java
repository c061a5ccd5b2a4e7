package io.basalt.storage.transfer;

import static java.nio.charset.StandardCharsets.ISO_8859_1;

import io.basalt.storage.StoreOptions;
import io.basalt.storage.Table;
import io.basalt.storage.TabletStore;
import io.basalt.storage.catalog.FamilyOptions;
import io.basalt.storage.catalog.NewFamily;
import io.basalt.storage.data.RowRange;
import io.basalt.storage.data.TableCursor;
import io.basalt.storage.errors.StorageException;
import io.basalt.storage.keys.ByteArrays;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Stores in a temporary directory of the test's own, by name (each is a node's store), closed and removed after the
 * test; plus the table every transfer test moves rows of, and a readable listing of stored cells to compare.
 */
final class TransferStores implements BeforeEachCallback, AfterEachCallback {
  /** The three families of the test table, each written with other storage options. */
  static final List<NewFamily> FAMILIES = List.of(
      new NewFamily(b("a"), new FamilyOptions(FamilyOptions.Compression.ZSTD, FamilyOptions.Bloom.KEY, 4096, true,
          false)),
      new NewFamily(b("b"), FamilyOptions.DEFAULT),
      new NewFamily(b("c"), new FamilyOptions(FamilyOptions.Compression.NONE, FamilyOptions.Bloom.NONE, 1024, false,
          false)));
  private static final StoreOptions OPTIONS = StoreOptions.defaults().withRowLockWait(Duration.ofSeconds(5));

  private Path root;
  private final Map<String, TabletStore> open = new HashMap<>();

  @Override
  public void beforeEach(ExtensionContext context) throws IOException {
    root = Files.createTempDirectory("basalt-transfer-test-");
  }

  /** Opens the store called {@code name}: empty the first time, afterwards what it held when closed. */
  TabletStore open(String name) throws StorageException {
    TabletStore store = TabletStore.open(storeDirectory(name), OPTIONS);
    open.put(name, store);
    return store;
  }

  /** Closes a store, as a node stopping does; {@link #open} opens it again. */
  void close(String name) {
    open.remove(name).close();
  }

  /** Where the store called {@code name} keeps its files. */
  Path storeDirectory(String name) {
    return root.resolve(name);
  }

  /** A directory for an export, not yet created. */
  Path exportDirectory(String name) {
    return root.resolve("exports").resolve(name);
  }

  @Override
  public void afterEach(ExtensionContext context) throws IOException {
    open.values().forEach(TabletStore::close);
    open.clear();
    try (Stream<Path> paths = Files.walk(root)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    }
  }

  /** Every stored cell of rows {@code [startRow, endRow)}, as {@code row/family:qualifier/timestamp/type=value}. */
  static List<String> cells(Table table, String startRow, String endRow) throws StorageException {
    List<String> cells = new ArrayList<>();
    try (TableCursor cursor = table.openCursor(List.of(), RowRange.forward(b(startRow), b(endRow)))) {
      while (cursor.nextRow()) {
        while (cursor.nextCell()) {
          cells.add(printable(cursor.row()) + "/" + printable(cursor.family()) + ":" + printable(cursor.qualifier())
              + "/" + cursor.timestamp() + "/" + cursor.type() + "=" + HexFormat.of().formatHex(cursor.value()));
        }
      }
    }
    return cells;
  }

  private static String printable(byte[] bytes) {
    return ByteArrays.toPrintable(bytes);
  }

  static byte[] b(String text) {
    return text.getBytes(ISO_8859_1);
  }
}
