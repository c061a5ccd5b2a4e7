package io.basalt.conformance;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A connection may hold {@code basalt.ipc.server.max.scanners.per.connection} scanners open at once: one more is
 * refused at once with DoNotRetryIOException naming the setting, and room comes back when a scanner is closed or
 * its lease ({@code hbase.client.scanner.timeout.period}) runs out. Other connections have their own allowance.
 */
class ScannerLimitTest {
  private static final int LIMIT = 4;
  private static final int LEASE_MILLIS = 1_500;

  @RegisterExtension
  static final ConnectedBasalt BASALT = new ConnectedBasalt(Map.of(
      "basalt.ipc.server.max.scanners.per.connection", Integer.toString(LIMIT),
      "hbase.client.scanner.timeout.period", Integer.toString(LEASE_MILLIS)));

  private static final TableName TABLE = TableName.valueOf("scanner_limit");
  private static final byte[] F = toBytes("f");

  @BeforeAll
  static void fill() throws IOException {
    TestTables.create(BASALT.connection(), TABLE, 1, new String[] {"f"});
    try (Table table = BASALT.connection().getTable(TABLE)) {
      List<Put> puts = new ArrayList<>();
      for (int i = 0; i < 100; i++) {
        puts.add(new Put(toBytes(String.format("r%03d", i))).addColumn(F, F, toBytes(i)));
      }
      table.put(puts);
    }
  }

  @Test
  void oneScannerTooManyIsRefusedUntilAnotherCloses() throws Exception {
    try (Table table = BASALT.connection().getTable(TABLE)) {
      List<ResultScanner> open = openScanners(table, LIMIT);
      DoNotRetryIOException refused = assertThrows(DoNotRetryIOException.class, () -> openScanner(table));
      assertTrue(refused.getMessage().contains("basalt.ipc.server.max.scanners.per.connection"),
          refused.getMessage());

      try (Connection other = Clients.connect(BASALT.process()); Table elsewhere = other.getTable(TABLE)) {
        openScanner(elsewhere).close(); // another connection has its own allowance
      }

      open.remove(0).close();
      open.add(openScanner(table));
      for (ResultScanner scanner : open) {
        assertNotNull(scanner.next(), "every open scanner still reads");
        scanner.close();
      }
      openScanners(table, LIMIT).forEach(ResultScanner::close);
    }
  }

  /**
   * Scanners left alone hold their places until their lease runs out, then free them: the test opens the limit's
   * worth, finds one more refused, and then waits for room by trying to open one every 50 ms, which an idle
   * scanner's lease does not see (it is another scanner's call). Room comes only once a lease has run out, and the
   * fresh scanners then fill the limit again.
   */
  @Test
  void scannersWhoseLeaseRanOutNoLongerCount() throws Exception {
    try (Table table = BASALT.connection().getTable(TABLE)) {
      long openedBefore = System.nanoTime();
      List<ResultScanner> abandoned = openScanners(table, LIMIT);
      assertThrows(DoNotRetryIOException.class, () -> openScanner(table), "the abandoned scanners fill the limit");

      List<ResultScanner> fresh = new ArrayList<>();
      for (int i = 0; i < LIMIT; i++) {
        fresh.add(openWhenThereIsRoom(table));
      }
      long waitedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - openedBefore);
      assertTrue(waitedMillis >= LEASE_MILLIS, "room came after " + waitedMillis + " ms, before a "
          + LEASE_MILLIS + " ms lease could run out");
      assertThrows(DoNotRetryIOException.class, () -> openScanner(table), "the fresh scanners fill the limit");
      for (ResultScanner scanner : fresh) {
        assertNotNull(scanner.next(), "every fresh scanner reads");
        scanner.close();
      }
      abandoned.forEach(ResultScanner::close); // tidies the client; the server has forgotten them
    }
  }

  private static ResultScanner openWhenThereIsRoom(Table table) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (true) {
      try {
        return openScanner(table);
      } catch (DoNotRetryIOException refused) {
        assertTrue(refused.getMessage().contains("basalt.ipc.server.max.scanners.per.connection"),
            refused.getMessage());
        assertTrue(System.nanoTime() < deadline, "no room within 30 s: the abandoned scanners' leases never ran out");
        Thread.sleep(50); // the poll's interval: each try is a call to the server
      }
    }
  }

  private static List<ResultScanner> openScanners(Table table, int count) throws IOException {
    List<ResultScanner> scanners = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      scanners.add(openScanner(table));
    }
    return scanners;
  }

  /** A scanner that stays open on the server: it has read one row of many. */
  private static ResultScanner openScanner(Table table) throws IOException {
    ResultScanner scanner = table.getScanner(new Scan().setCaching(1));
    assertNotNull(scanner.next());
    return scanner;
  }
}
