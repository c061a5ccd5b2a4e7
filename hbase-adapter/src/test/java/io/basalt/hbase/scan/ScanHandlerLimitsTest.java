package io.basalt.hbase.scan;

import io.basalt.hbase.metrics.RequestMetrics;
import io.basalt.hbase.rpc.ScannerQuota;
import io.basalt.hbase.testing.ServedTables;
import io.basalt.storage.data.Durability;
import io.basalt.storage.data.RowMutation;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.hadoop.hbase.CompareOperator;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.filter.BinaryComparator;
import org.apache.hadoop.hbase.filter.ValueFilter;
import org.apache.hadoop.hbase.shaded.protobuf.RequestConverter;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.ScanRequest;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What ends one scan response, as in HBase: the rows asked for, the scan's row limit (which ends the scan), the
 * byte limit (cutting a row between cells only for clients that put it back together), and, for clients that
 * understand heartbeats, a deadline of half the client's timeout (10 ms at least) after which the server answers
 * with what it has, possibly nothing, rather than let the client time out.
 */
class ScanHandlerLimitsTest {
  private static final TableName TABLE = TableName.valueOf("t");
  private static final byte[] F = toBytes("f");
  private static final int ROWS = 10;
  private static final int CELLS_PER_ROW = 3;
  /** One cell of row "rN", qualifier "qN" and 100 bytes of value is 129 bytes: two reach the limit. */
  private static final long MAX_BYTES = 250;

  @TempDir
  Path directory;

  private ServedTables tables;
  private ScannerRegistry registry;
  private ScanCalls client;
  private byte[] region;

  @BeforeEach
  void setUp() throws IOException {
    tables = ServedTables.open(directory);
    tables.create(TABLE, List.of(), F);
    region = tables.regionName(TABLE, 0);
    List<RowMutation> rows = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      RowMutation.Builder row = RowMutation.forRow(toBytes("r" + i));
      for (int q = 0; q < CELLS_PER_ROW; q++) {
        row.add(F, toBytes("q" + q), 1, KeyValue.Type.Put.getCode(), new byte[100]);
      }
      rows.add(row.build());
    }
    tables.ddl().tables().require(TABLE).storage().writeAll(rows, Durability.SKIP_LOG);
    registry = new ScannerRegistry(tables.clock(), 60_000);
    client = calls(100L << 20);
  }

  @AfterEach
  void tearDown() {
    registry.close();
    tables.close();
  }

  @Test
  void theRowLimitEndsTheScanEvenAcrossCalls() throws IOException {
    ScanCalls.Answer limited = client.open(region, new Scan().setLimit(3), 100);
    assertEquals(List.of("r0", "r1", "r2"), limited.rows());
    assertFalse(limited.moreResults(), "the scan is over, not only the region");
    assertEquals(0, registry.openCount());

    ScanCalls.Answer first = client.open(region, new Scan().setLimit(3), 2);
    assertEquals(List.of("r0", "r1"), first.rows());
    assertTrue(first.moreResults());
    // The client asks for what is left of its limit.
    ScanCalls.Answer rest = client.call(RequestConverter.buildScanRequest(first.scannerId(), 2, false, 0, false,
        false, 1), 0);
    assertEquals(List.of("r2"), rest.rows());
    assertFalse(rest.moreResults());
    assertEquals(0, registry.openCount());
  }

  @Test
  void theByteLimitCutsRowsBetweenCellsForAClientThatPutsThemBackTogether() throws IOException {
    List<ScanCalls.Answer> answers = scanAll(new Scan().setMaxResultSize(MAX_BYTES), true);
    assertReassembledRows(answers);
    ScanCalls.Answer first = answers.get(0);
    assertEquals(1, first.results().size());
    assertEquals(2, first.results().get(0).size(), "cut after the cell that reached the limit");
    assertTrue(first.results().get(0).mayHaveMoreCellsInRow());
  }

  @Test
  void theServersCapLimitsAScanThatAsksForMore() throws IOException {
    client = calls(MAX_BYTES);
    List<ScanCalls.Answer> answers = scanAll(new Scan().setMaxResultSize(10_000), true);
    assertReassembledRows(answers);
    assertEquals(2, answers.get(0).results().get(0).size());
  }

  @Test
  void aClientThatCannotPutRowsBackTogetherGetsWholeRowsUpToTheByteLimit() throws IOException {
    List<ScanCalls.Answer> answers = scanAll(new Scan().setMaxResultSize(MAX_BYTES), false);
    assertEquals(ROWS, answers.size(), "a row's three cells pass the limit: one row per response");
    for (ScanCalls.Answer answer : answers) {
      assertEquals(1, answer.results().size());
      assertEquals(CELLS_PER_ROW, answer.results().get(0).size());
      assertFalse(answer.results().get(0).mayHaveMoreCellsInRow());
    }
  }

  @Test
  void aScanThatFindsNothingForTooLongAnswersWithAHeartbeatAndACursor() throws IOException {
    Scan nothing = new Scan().setNeedCursorResult(true)
        .setFilter(new ValueFilter(CompareOperator.EQUAL, new BinaryComparator(toBytes("no such value"))));
    ScanRequest open = RequestConverter.buildScanRequest(region, nothing, 100, false);
    // Rows are added until a pass over them outlasts the 10 ms deadline a 1 ms client timeout gives. A heartbeat
    // has a cursor when it examined a row (it has none if its thread was set aside before the first).
    ScanCalls.Answer answer = client.call(open, 1);
    for (int added = 0; !answer.response().getHeartbeatMessage() || !answer.response().hasCursor(); added++) {
      if (answer.response().getHeartbeatMessage()) {
        client.close(answer.scannerId());
      } else {
        assertFalse(answer.moreInRegion(), "without a heartbeat, the call read the whole region");
      }
      assertTrue(added < 20, "no heartbeat after adding " + added + " x 20,000 rows");
      addFilteredOutRows(added, 20_000);
      answer = client.call(open, 1);
    }
    assertTrue(answer.results().isEmpty());
    assertTrue(answer.moreInRegion());
    assertTrue(answer.moreResults());
    assertEquals(1, registry.openCount(), "the scanner waits for the client's next call");

    String cursor = answer.response().getCursor().getRow().toStringUtf8();
    for (int seq = 0; answer.moreInRegion(); seq++) {
      answer = client.call(RequestConverter.buildScanRequest(answer.scannerId(), 100, false, seq, false, false, -1),
          1);
      assertTrue(answer.results().isEmpty());
      assertTrue(answer.response().getHeartbeatMessage() || !answer.moreInRegion());
      if (answer.response().hasCursor()) {
        String next = answer.response().getCursor().getRow().toStringUtf8();
        assertTrue(next.compareTo(cursor) >= 0, "a heartbeat's cursor went back from " + cursor + " to " + next);
        cursor = next;
      }
    }
    assertTrue(answer.moreResults(), "the region is done and the scan goes on");
    assertEquals(0, registry.openCount());

    // A client that does not understand heartbeats gets none: the call reads to the region's end.
    for (ScanRequest unaware : List.of(open.toBuilder().setClientHandlesHeartbeats(false).build(),
        open.toBuilder().setClientHandlesPartials(false).build())) {
      ScanCalls.Answer whole = client.call(unaware, 1);
      assertFalse(whole.response().getHeartbeatMessage());
      assertTrue(whole.results().isEmpty());
      assertFalse(whole.moreInRegion());
    }
  }

  private ScanCalls calls(long maxResultBytesCap) {
    return new ScanCalls(new ScanHandler(tables.resolver(), registry, maxResultBytesCap, new RequestMetrics(10_000)),
        new ScannerQuota(10, "test.scanners"));
  }

  /** Rows "sNNNNNN" that sort after the ten rows with data, each of one cell no filter here keeps. */
  private void addFilteredOutRows(int round, int count) throws IOException {
    List<RowMutation> rows = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      rows.add(RowMutation.forRow(toBytes(String.format("s%03d%06d", round, i)))
          .add(F, F, 1, KeyValue.Type.Put.getCode(), toBytes("x")).build());
    }
    tables.ddl().tables().require(TABLE).storage().writeAll(rows, Durability.SKIP_LOG);
  }

  /** The whole region in calls of up to 100 Results, from the stock client or one that cannot take partial rows. */
  private List<ScanCalls.Answer> scanAll(Scan scan, boolean clientHandlesPartials) throws IOException {
    List<ScanCalls.Answer> answers = new ArrayList<>();
    ScanRequest open = RequestConverter.buildScanRequest(region, scan, 100, false).toBuilder()
        .setClientHandlesPartials(clientHandlesPartials).build();
    ScanCalls.Answer answer = client.call(open, 0);
    answers.add(answer);
    for (int seq = 0; answer.moreInRegion(); seq++) {
      answer = client.call(RequestConverter.buildScanRequest(answer.scannerId(), 100, false, seq, false, false, -1)
          .toBuilder().setClientHandlesPartials(clientHandlesPartials).build(), 0);
      answers.add(answer);
    }
    return answers;
  }

  /** Every row, whole once its pieces are put back together, and no response past the limit by more than a cell. */
  private static void assertReassembledRows(List<ScanCalls.Answer> answers) {
    List<String> rows = new ArrayList<>();
    List<Integer> cells = new ArrayList<>();
    boolean continued = false;
    for (ScanCalls.Answer answer : answers) {
      long bytes = 0;
      for (Result result : answer.results()) {
        if (continued) {
          assertEquals(rows.get(rows.size() - 1), Bytes.toString(result.getRow()), "a piece of the row before");
          cells.set(cells.size() - 1, cells.get(cells.size() - 1) + result.size());
        } else {
          rows.add(Bytes.toString(result.getRow()));
          cells.add(result.size());
        }
        continued = result.mayHaveMoreCellsInRow();
        bytes += result.size() * 129L;
      }
      assertTrue(bytes < MAX_BYTES + 129, bytes + " bytes in one response");
    }
    assertFalse(continued);
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      expected.add("r" + i);
    }
    assertEquals(expected, rows);
    assertEquals(Collections.nCopies(ROWS, CELLS_PER_ROW), cells);
  }
}
