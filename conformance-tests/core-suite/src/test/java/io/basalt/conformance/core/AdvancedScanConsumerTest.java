package io.basalt.conformance.core;

import static io.basalt.conformance.core.Tables.b;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.ClientFeature;
import io.basalt.conformance.harness.Feature;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.TableNotFoundException;
import org.apache.hadoop.hbase.client.AdvancedScanResultConsumer;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code AsyncTable.scan} with an {@code AdvancedScanResultConsumer}: the client pushes batches of results into the
 * consumer, which can suspend the scan (flow control), resume it from another thread, or end it early.
 */
@Feature({ClientFeature.ADVANCED_SCAN_CONSUMER, ClientFeature.ASYNC_TABLE_API, ClientFeature.SCAN})
class AdvancedScanConsumerTest {
  @RegisterExtension
  static final CoreCluster CLUSTER = new CoreCluster();

  private static final TableName NAME = TableName.valueOf("advanced_scan");
  private static final byte[] F = b("f");
  private static final int ROWS = 300;
  private static final ScheduledExecutorService RESUMER = Executors.newSingleThreadScheduledExecutor();

  @BeforeAll
  static void fill() throws IOException {
    try (Table table = Tables.create(CLUSTER.connection(), NAME, new String[] {"f"}, "row-100", "row-200")) {
      List<Put> puts = new ArrayList<>();
      for (int i = 0; i < ROWS; i++) {
        puts.add(new Put(b(row(i))).addColumn(F, b("q"), Bytes.toBytes(i)));
      }
      table.put(puts);
    }
  }

  @AfterAll
  static void stopResumer() {
    RESUMER.shutdownNow();
  }

  private static String row(int i) {
    return String.format("row-%03d", i);
  }

  /** Collects rows; suspends after every batch and resumes a little later from another thread, if asked to. */
  private static final class Collector implements AdvancedScanResultConsumer {
    final List<String> rows = Collections.synchronizedList(new ArrayList<>());
    final CompletableFuture<Void> done = new CompletableFuture<>();
    private final boolean suspendEachBatch;
    private final int terminateAfter;
    volatile int batches;

    Collector(boolean suspendEachBatch, int terminateAfter) {
      this.suspendEachBatch = suspendEachBatch;
      this.terminateAfter = terminateAfter;
    }

    @Override
    public void onNext(Result[] results, ScanController controller) {
      for (Result result : results) {
        rows.add(Bytes.toString(result.getRow()));
      }
      batches++;
      if (rows.size() >= terminateAfter) {
        controller.terminate();
      } else if (suspendEachBatch) {
        ScanResumer resumer = controller.suspend();
        RESUMER.schedule(resumer::resume, 5, TimeUnit.MILLISECONDS);
      }
    }

    @Override
    public void onError(Throwable error) {
      done.completeExceptionally(error);
    }

    @Override
    public void onComplete() {
      done.complete(null);
    }

    List<String> await() throws Exception {
      done.get(60, TimeUnit.SECONDS);
      return new ArrayList<>(rows);
    }
  }

  private static List<String> expected(int from, int to) {
    List<String> rows = new ArrayList<>();
    for (int i = from; i < to; i++) {
      rows.add(row(i));
    }
    return rows;
  }

  @Test
  void deliversEveryRegionInOrderWhileSuspendedAndResumed() throws Exception {
    Collector collector = new Collector(true, Integer.MAX_VALUE);
    CLUSTER.async().getTable(NAME).scan(new Scan().setCaching(10), collector);
    assertEquals(expected(0, ROWS), collector.await());
    assertTrue(collector.batches >= ROWS / 10, "batches: " + collector.batches);
  }

  @Test
  void scansBackwards() throws Exception {
    Collector collector = new Collector(false, Integer.MAX_VALUE);
    CLUSTER.async().getTable(NAME).scan(new Scan().setReversed(true).withStartRow(b(row(250)))
        .withStopRow(b(row(50))).setCaching(17), collector);
    List<String> expected = expected(51, 251);
    Collections.reverse(expected);
    assertEquals(expected, collector.await());
  }

  @Test
  void endsEarlyWhenTheConsumerTerminates() throws Exception {
    Collector collector = new Collector(true, 25);
    CLUSTER.async().getTable(NAME).scan(new Scan().setCaching(10), collector);
    List<String> rows = collector.await();
    assertTrue(rows.size() >= 25 && rows.size() < ROWS, "rows: " + rows.size());
    assertEquals(expected(0, rows.size()), rows);
  }

  @Test
  @Feature(ClientFeature.BAD_INPUT)
  void reportsAMissingTableToTheConsumer() throws Exception {
    Collector collector = new Collector(false, Integer.MAX_VALUE);
    CLUSTER.async().getTable(TableName.valueOf("advanced_scan_missing")).scan(new Scan(), collector);
    ExecutionException error = assertThrows(ExecutionException.class, collector::await);
    assertNotNull(Tables.causeOfType(error, TableNotFoundException.class), error.toString());
  }
}
