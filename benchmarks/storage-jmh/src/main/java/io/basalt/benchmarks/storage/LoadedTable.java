package io.basalt.benchmarks.storage;

import io.basalt.storage.StoreOptions;
import io.basalt.storage.Table;
import io.basalt.storage.TabletStore;
import io.basalt.storage.catalog.NewFamily;
import io.basalt.storage.data.Durability;
import io.basalt.storage.data.RowMutation;
import io.basalt.storage.errors.StorageException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * A store in a fresh temporary directory with one single-family table of {@link #rows} rows of one 1,000-byte
 * cell each, the shape PerformanceEvaluation writes, flushed so reads come from files and the block cache as they
 * would on a server that has been running a while.
 */
@State(Scope.Benchmark)
public class LoadedTable {
  static final byte[] FAMILY = {'f'};
  static final byte[] QUALIFIER = {'0'};
  static final byte[] COUNTER = {'c'};
  /** HBase's code for a Put cell; the engine only stores it. */
  static final int PUT_TYPE = 4;
  static final int VALUE_SIZE = 1000;
  private static final int LOAD_BATCH = 1000;

  @Param("100000")
  public int rows;

  Path directory;
  TabletStore store;
  Table table;
  byte[] value;

  @Setup(Level.Trial)
  public void load() throws IOException, StorageException {
    directory = Files.createTempDirectory("basalt-jmh-");
    store = TabletStore.open(directory, StoreOptions.defaults());
    table = store.createTable("bench", NewFamily.withDefaults(List.of(FAMILY)), List.of(), Map.of());
    value = new byte[VALUE_SIZE];
    new Random(42).nextBytes(value);
    long timestamp = System.currentTimeMillis();
    List<RowMutation> batch = new ArrayList<>(LOAD_BATCH);
    for (int i = 0; i < rows; i++) {
      batch.add(RowMutation.forRow(RowKeys.row(i)).add(FAMILY, QUALIFIER, timestamp, PUT_TYPE, value).build());
      if (batch.size() == LOAD_BATCH || i == rows - 1) {
        table.writeAll(batch, Durability.SKIP_LOG);
        batch.clear();
      }
    }
    store.flush();
  }

  @TearDown(Level.Trial)
  public void close() throws IOException {
    store.close();
    try (Stream<Path> files = Files.walk(directory)) {
      for (Path path : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    }
  }
}
