package io.basalt.benchmarks.bulkload;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.BufferedMutator;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Put;

/**
 * The put path the bulk load is measured against: the same cells the HFiles hold, written through a stock
 * {@link BufferedMutator} (its default 2 MiB write buffer, every batch acknowledged before the mutator's flush
 * returns), by {@code threads} threads of one connection, each writing an equal slice of the rows in row order
 * with a mutator of its own, as an application's loader threads would.
 */
final class PutLoader {
  private PutLoader() {}

  /** Writes every row and prints one {@code [bulkload] put ...} line once the last batch is acknowledged. */
  static void load(Connection connection, TableName table, BenchmarkRows data, int threads)
      throws IOException, InterruptedException {
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    long started = System.nanoTime();
    try {
      List<Future<Long>> slices = new ArrayList<>();
      for (int thread = 0; thread < threads; thread++) {
        long from = data.rows() * thread / threads;
        long to = data.rows() * (thread + 1) / threads;
        slices.add(pool.submit(() -> writeSlice(connection, table, data, from, to)));
      }
      long written = 0;
      for (Future<Long> slice : slices) {
        written += slice.get();
      }
      System.out.printf("[bulkload] put rows=%d threads=%d millis=%d%n", written, threads,
          (System.nanoTime() - started) / 1_000_000);
    } catch (ExecutionException e) {
      throw new IOException("a put thread failed: " + e.getCause(), e.getCause());
    } finally {
      pool.shutdownNow();
    }
  }

  private static long writeSlice(Connection connection, TableName table, BenchmarkRows data, long from, long to)
      throws IOException {
    try (BufferedMutator mutator = connection.getBufferedMutator(table)) {
      for (long row = from; row < to; row++) {
        mutator.mutate(new Put(data.row(row)).addColumn(BenchmarkRows.FAMILY, BenchmarkRows.QUALIFIER,
            BenchmarkRows.TIMESTAMP, data.value(row)));
      }
      mutator.flush();
    }
    return to - from;
  }
}
