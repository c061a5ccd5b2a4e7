package io.basalt.benchmarks.storage;

import io.basalt.storage.data.Durability;
import io.basalt.storage.data.RowLocks;
import io.basalt.storage.data.RowMutation;
import io.basalt.storage.data.TableCursor;
import io.basalt.storage.errors.StorageException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The storage work behind PerformanceEvaluation's operations, without RPC or HBase semantics. Writes use
 * {@link Durability#LOG}, what the server uses for HBase's default durability. The runner chooses modes,
 * iterations and threads on JMH's command line.
 */
@BenchmarkMode({Mode.Throughput, Mode.SampleTime})
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class StorageOperationsBenchmark {
  /** Increments go to this many counter rows, spread over the table like PE's. */
  private static final int COUNTER_ROWS = 1000;
  private static final int SCAN_ROWS = 100;

  @Benchmark
  public void put(LoadedTable loaded, RandomRows rows) throws StorageException {
    RowMutation mutation = RowMutation.forRow(RowKeys.row(rows.next(loaded.rows)))
        .add(LoadedTable.FAMILY, LoadedTable.QUALIFIER, System.currentTimeMillis(), LoadedTable.PUT_TYPE,
            loaded.value)
        .build();
    loaded.table.write(mutation, Durability.LOG);
  }

  @Benchmark
  public void get(LoadedTable loaded, RandomRows rows, Blackhole sink) throws StorageException {
    byte[] row = RowKeys.row(rows.next(loaded.rows));
    try (TableCursor cursor = loaded.table.openCursor(List.of(), row, RowKeys.successor(row))) {
      consumeRows(cursor, 1, sink);
    }
  }

  @Benchmark
  public void scan100(LoadedTable loaded, RandomRows rows, Blackhole sink) throws StorageException {
    byte[] start = RowKeys.row(rows.next(loaded.rows - SCAN_ROWS));
    try (TableCursor cursor = loaded.table.openCursor(List.of(), start, new byte[0])) {
      consumeRows(cursor, SCAN_ROWS, sink);
    }
  }

  /** An increment as the server does one: under the row lock, read the newest value and write the sum. */
  @Benchmark
  public long incrementReadModifyWrite(LoadedTable loaded, RandomRows rows) throws StorageException {
    byte[] row = RowKeys.row(rows.next(COUNTER_ROWS) * (loaded.rows / COUNTER_ROWS));
    try (RowLocks.RowLock ignored = loaded.table.lockRow(row)) {
      long current = 0;
      try (TableCursor cursor = loaded.table.openCursor(List.of(LoadedTable.FAMILY), row, RowKeys.successor(row))) {
        if (cursor.nextRow()) {
          while (cursor.nextCell()) {
            if (Arrays.equals(cursor.qualifier(), LoadedTable.COUNTER)) {
              current = ByteBuffer.wrap(cursor.value()).getLong(); // the newest version comes first
              break;
            }
            cursor.skipColumn();
          }
        }
      }
      long next = current + 1;
      loaded.table.write(RowMutation.forRow(row)
          .add(LoadedTable.FAMILY, LoadedTable.COUNTER, System.currentTimeMillis(), LoadedTable.PUT_TYPE,
              ByteBuffer.allocate(Long.BYTES).putLong(next).array())
          .build(), Durability.LOG);
      return next;
    }
  }

  private static void consumeRows(TableCursor cursor, int limit, Blackhole sink) throws StorageException {
    for (int read = 0; read < limit && cursor.nextRow(); read++) {
      while (cursor.nextCell()) {
        sink.consume(cursor.value());
      }
    }
  }
}
