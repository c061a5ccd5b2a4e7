package io.basalt.conformance;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.BasaltServerExtension;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.CompareOperator;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.AdvancedScanResultConsumer;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.filter.BinaryComparator;
import org.apache.hadoop.hbase.filter.ValueFilter;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The scanner protocol against a server whose scanner lease is 1.5 s: expiry and transparent reopening, lease
 * renewal by the async client, and heartbeats that keep a long filtered scan inside the client's RPC timeout.
 */
class ScannerProtocolTest {
  private static final long LEASE_MILLIS = 1500;

  @RegisterExtension
  static final BasaltServerExtension BASALT = new BasaltServerExtension(
      Map.of("hbase.client.scanner.timeout.period", String.valueOf(LEASE_MILLIS)));

  private static final byte[] F = toBytes("f");
  private static final TableName SMALL = TableName.valueOf("leases");
  private static final TableName LARGE = TableName.valueOf("heartbeats");
  private static final int LARGE_ROWS = 200_000;
  private static Connection connection;

  @BeforeAll
  static void load() throws IOException {
    connection = Clients.connect(BASALT.process());
    TestTables.create(connection, SMALL, 1, new String[] {"f"});
    TestTables.create(connection, LARGE, 1, new String[] {"f"});
    try (Table small = connection.getTable(SMALL); Table large = connection.getTable(LARGE)) {
      List<Put> puts = new ArrayList<>();
      for (int i = 0; i < 20; i++) {
        puts.add(new Put(row(i)).addColumn(F, toBytes("v"), new byte[500]));
      }
      small.put(puts);
      puts.clear();
      for (int i = 0; i < LARGE_ROWS; i++) {
        puts.add(new Put(row(i)).addColumn(F, toBytes("v"), toBytes("x")));
        if (puts.size() == 10_000) {
          large.put(puts);
          puts.clear();
        }
      }
    }
  }

  @AfterAll
  static void close() throws IOException {
    connection.close();
  }

  @Test
  void anExpiredScannerIsReopenedFromTheLastRowWithoutLosingOrRepeatingRows() throws Exception {
    List<String> rows = new ArrayList<>();
    try (Table table = connection.getTable(SMALL);
        ResultScanner scanner = table.getScanner(new Scan().setCaching(2))) {
      for (Result result : scanner) {
        rows.add(Bytes.toString(result.getRow()));
        if (rows.size() == 5) {
          // The application's pause is what is tested: the server drops the idle scanner meanwhile.
          TimeUnit.MILLISECONDS.sleep(2 * LEASE_MILLIS);
        }
      }
    }
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      expected.add(Bytes.toString(row(i)));
    }
    assertEquals(expected, rows);
  }

  @Test
  void theAsyncClientRenewsTheLeaseWhileTheApplicationDawdles() throws Exception {
    try (AsyncConnection async = ConnectionFactory.createAsyncConnection(
        Clients.zookeeperConfiguration(BASALT.process())).get();
        ResultScanner scanner = async.getTable(SMALL).getScanner(new Scan().setCaching(1)
            .setMaxResultSize(600))) {
      int rows = 0;
      for (Result ignored : scanner) {
        rows++;
        if (rows == 3) {
          TimeUnit.MILLISECONDS.sleep(3 * LEASE_MILLIS); // the application dawdling is what is tested
        }
      }
      assertEquals(20, rows);
    }
  }

  @Test
  void aLongFilteredScanSendsHeartbeatsInsteadOfTimingOut() throws Exception {
    Configuration conf = Clients.zookeeperConfiguration(BASALT.process());
    conf.setInt("hbase.rpc.timeout", 200);
    conf.setInt("hbase.client.scanner.timeout.period", 200);
    try (AsyncConnection async = ConnectionFactory.createAsyncConnection(conf).get()) {
      // The region's location is found first, by a scan of one row: the scan below has its whole 200 ms per call for
      // the scan itself (a first call that also looked the region up got what was left, 87 ms, on a loaded build).
      async.getTableBuilder(LARGE).setRpcTimeout(30, TimeUnit.SECONDS).setReadRpcTimeout(30, TimeUnit.SECONDS)
          .setOperationTimeout(60, TimeUnit.SECONDS).setScanTimeout(30, TimeUnit.SECONDS).build()
          .scanAll(new Scan().setLimit(1)).get(60, TimeUnit.SECONDS);
      HeartbeatCounter consumer = new HeartbeatCounter();
      Scan nothingMatches = new Scan().setNeedCursorResult(true)
          .setFilter(new ValueFilter(CompareOperator.EQUAL, new BinaryComparator(toBytes("never"))));
      async.getTable(LARGE).scan(nothingMatches, consumer);
      consumer.done.get(60, TimeUnit.SECONDS);
      assertEquals(0, consumer.rows.get());
      assertTrue(consumer.heartbeats.get() > 0, "a scan over " + LARGE_ROWS + " rows with nothing to return "
          + "takes longer than the 100 ms heartbeat interval");
      assertTrue(consumer.cursors.get() > 0, "heartbeats carry the cursor the scan asked for");
    }
  }

  private static final class HeartbeatCounter implements AdvancedScanResultConsumer {
    final AtomicInteger heartbeats = new AtomicInteger();
    final AtomicInteger cursors = new AtomicInteger();
    final AtomicInteger rows = new AtomicInteger();
    final CompletableFuture<Void> done = new CompletableFuture<>();

    @Override
    public void onNext(Result[] results, ScanController controller) {
      rows.addAndGet(results.length);
    }

    @Override
    public void onHeartbeat(ScanController controller) {
      heartbeats.incrementAndGet();
      if (controller.cursor().isPresent()) {
        cursors.incrementAndGet();
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
  }

  private static byte[] row(int i) {
    return toBytes(String.format("row-%06d", i));
  }
}
