package io.basalt.conformance;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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

  @Test
  void scannersWhoseLeaseRanOutNoLongerCount() throws Exception {
    try (Table table = BASALT.connection().getTable(TABLE)) {
      List<ResultScanner> abandoned = openScanners(table, LIMIT);
      Thread.sleep(3L * LEASE_MILLIS);
      List<ResultScanner> fresh = openScanners(table, LIMIT);
      fresh.forEach(ResultScanner::close);
      abandoned.forEach(ResultScanner::close);
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
