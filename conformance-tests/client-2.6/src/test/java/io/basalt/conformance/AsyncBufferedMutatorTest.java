package io.basalt.conformance;

import static io.basalt.conformance.Futures.await;
import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.AsyncBufferedMutator;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.regionserver.NoSuchColumnFamilyException;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The stock 2.6 {@code AsyncBufferedMutator}: writes leave when the buffer fills, on flush, on its timer and on
 * close, land in every tablet, and each mutation's future completes only once it is written.
 */
class AsyncBufferedMutatorTest {
  @RegisterExtension
  static final ConnectedBasalt BASALT = new ConnectedBasalt();

  private static final byte[] F = toBytes("f");
  private static final byte[] Q = toBytes("q");
  private static final TableName NAME = TableName.valueOf("async_buffered");
  private static AsyncConnection async;
  private static AsyncTable<?> table;

  @BeforeAll
  static void createTable() throws Exception {
    TestTables.create(BASALT.connection(), NAME, 1, new String[] {"f"}, "m");
    async = BASALT.asyncConnection();
    table = async.getTable(NAME);
  }

  @Test
  void aFullBufferIsSentWithoutAFlush() throws Exception {
    List<CompletableFuture<Void>> futures = new ArrayList<>();
    try (AsyncBufferedMutator mutator = async.getBufferedMutatorBuilder(NAME).setWriteBufferSize(4096)
        .disableWriteBufferPeriodicFlush().build()) {
      for (int i = 0; i < 100; i++) {
        futures.add(mutator.mutate(new Put(row("size", i)).addColumn(F, Q, new byte[200])));
      }
      // 100 puts of 200 bytes overflow a 4 KB buffer many times: the first ones are written already.
      await(futures.get(0));
      await(futures.get(50));
      assertFalse(await(table.get(new Get(row("size", 0)))).isEmpty());
      assertEquals(200, await(table.get(new Get(row("size", 50)))).getValue(F, Q).length);
    }
    // Closing sends what the buffer still held.
    CompletableFuture.allOf(futures.toArray(new CompletableFuture<?>[0])).get(60, TimeUnit.SECONDS);
    assertEquals(100, count("size"));
  }

  @Test
  void flushCloseAndTimerSendTheRest() throws Exception {
    try (AsyncBufferedMutator mutator = async.getBufferedMutatorBuilder(NAME).setWriteBufferSize(1 << 20)
        .disableWriteBufferPeriodicFlush().build()) {
      List<CompletableFuture<Void>> flushed = mutator.mutate(List.of(
          new Put(row("flush", 1)).addColumn(F, Q, toBytes("one")),
          new Put(row("flush", 2)).addColumn(F, Q, toBytes("two"))));
      assertFalse(flushed.get(0).isDone(), "nothing leaves a buffer far from full before a flush");
      mutator.flush();
      CompletableFuture.allOf(flushed.toArray(new CompletableFuture<?>[0])).get(60, TimeUnit.SECONDS);
      assertEquals(List.of("a-flush-00002/f:q=two", "z-flush-00001/f:q=one"), cellsOf("flush"));

      CompletableFuture<Void> deleted = mutator.mutate(new Delete(row("flush", 1)));
      CompletableFuture<Void> closed = mutator.mutate(new Put(row("flush", 3)).addColumn(F, Q, toBytes("three")));
      mutator.close();
      await(deleted);
      await(closed);
      assertEquals(List.of("a-flush-00002/f:q=two", "z-flush-00003/f:q=three"), cellsOf("flush"));
    }

    try (AsyncBufferedMutator timed = async.getBufferedMutatorBuilder(NAME).setWriteBufferSize(1 << 20)
        .setWriteBufferPeriodicFlush(200, TimeUnit.MILLISECONDS).build()) {
      List<CompletableFuture<Void>> futures = new ArrayList<>();
      for (int i = 0; i < 10; i++) {
        futures.add(timed.mutate(new Put(row("timer", i)).addColumn(F, Q, toBytes(i))));
      }
      // No flush and no close: the timer sends them.
      CompletableFuture.allOf(futures.toArray(new CompletableFuture<?>[0])).get(60, TimeUnit.SECONDS);
      assertEquals(10, count("timer"));
      assertEquals(7, Bytes.toInt(await(table.get(new Get(row("timer", 7)))).getValue(F, Q)));
    }
  }

  @Test
  void aMutationThatFailsFailsOnlyItsOwnFuture() throws Exception {
    try (AsyncBufferedMutator mutator = async.getBufferedMutatorBuilder(NAME).setMaxAttempts(1).build()) {
      List<Mutation> mutations = List.of(new Put(row("fail", 1)).addColumn(F, Q, toBytes("ok")),
          new Put(row("fail", 2)).addColumn(toBytes("nope"), Q, toBytes("x")));
      List<CompletableFuture<Void>> futures = mutator.mutate(mutations);
      mutator.flush();
      await(futures.get(0));
      Futures.failure(futures.get(1), NoSuchColumnFamilyException.class);
    }
    assertEquals(List.of("z-fail-00001/f:q=ok"), cellsOf("fail"));
  }

  /** Rows on both sides of the split at "m". */
  private static byte[] row(String prefix, int i) {
    return toBytes((i % 2 == 0 ? "a-" : "z-") + prefix + String.format("-%05d", i));
  }

  private static List<String> cellsOf(String prefix) throws Exception {
    List<String> cells = new ArrayList<>();
    for (Result result : await(table.scanAll(new Scan()))) {
      if (Bytes.toString(result.getRow()).substring(2).startsWith(prefix + "-")) {
        cells.addAll(TestTables.cells(result));
      }
    }
    return cells;
  }

  private static int count(String prefix) throws Exception {
    int rows = 0;
    for (Result result : await(table.scanAll(new Scan()))) {
      if (Bytes.toString(result.getRow()).substring(2).startsWith(prefix + "-")) {
        rows++;
        assertTrue(result.containsColumn(F, Q));
      }
    }
    return rows;
  }
}
