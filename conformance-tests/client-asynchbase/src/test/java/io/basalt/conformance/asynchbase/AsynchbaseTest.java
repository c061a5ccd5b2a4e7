package io.basalt.conformance.asynchbase;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.stumbleupon.async.Deferred;
import io.basalt.conformance.harness.BasaltServerExtension;
import io.basalt.conformance.harness.ClientFeature;
import io.basalt.conformance.harness.Feature;
import io.basalt.conformance.harness.HBaseTool;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.hbase.async.AppendRequest;
import org.hbase.async.AtomicIncrementRequest;
import org.hbase.async.Bytes;
import org.hbase.async.ColumnPrefixFilter;
import org.hbase.async.CompareFilter;
import org.hbase.async.DeleteRequest;
import org.hbase.async.FilterList;
import org.hbase.async.GetRequest;
import org.hbase.async.HBaseClient;
import org.hbase.async.KeyRegexpFilter;
import org.hbase.async.KeyValue;
import org.hbase.async.NoSuchColumnFamilyException;
import org.hbase.async.NonRecoverableException;
import org.hbase.async.PutRequest;
import org.hbase.async.RegionLocation;
import org.hbase.async.Scanner;
import org.hbase.async.SubstringComparator;
import org.hbase.async.ValueFilter;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * asynchbase 1.8.2, OpenTSDB's client, against Basalt. Like an OpenTSDB deployment, the table is created by an
 * operator tool first (HBase's own RegionSplitter, pre-split into three regions at 33333333 and 66666666), and
 * asynchbase, which cannot do DDL, then reads and writes it.
 */
@Feature(ClientFeature.ASYNCHBASE_API)
class AsynchbaseTest {
  @RegisterExtension
  static final BasaltServerExtension BASALT = new BasaltServerExtension();

  private static final byte[] TABLE = bytes("asynchbase");
  private static final byte[] T = bytes("t");
  private static final long TIMEOUT_MILLIS = 60_000;

  private static HBaseClient client;

  @BeforeAll
  static void createTableAndConnect() throws Exception {
    String quorum = BASALT.process().zookeeperHost() + ":" + BASALT.process().zookeeperPort();
    HBaseTool.run("region-splitter", "org.apache.hadoop.hbase.util.RegionSplitter",
        "-D", "hbase.zookeeper.quorum=" + quorum, "-c", "3", "-f", "t:f", "asynchbase", "DecimalStringSplit");
    client = new HBaseClient(quorum);
    // Send each edit at once; the buffered-puts test turns buffering back on.
    client.setFlushInterval((short) 0);
    join(client.ensureTableFamilyExists(TABLE, T));
  }

  @AfterAll
  static void shutdown() throws Exception {
    if (client != null) {
      join(client.shutdown());
    }
  }

  static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  static String string(byte[] bytes) {
    return new String(bytes, StandardCharsets.UTF_8);
  }

  static <T> T join(Deferred<T> deferred) throws Exception {
    return deferred.join(TIMEOUT_MILLIS);
  }

  /** Cells as {@code row/family:qualifier=value}. */
  static List<String> cells(List<KeyValue> row) {
    List<String> cells = new ArrayList<>();
    for (KeyValue kv : row) {
      cells.add(string(kv.key()) + "/" + string(kv.family()) + ":" + string(kv.qualifier()) + "="
          + string(kv.value()));
    }
    return cells;
  }

  static List<String> scanRows(Scanner scanner) throws Exception {
    List<String> rows = new ArrayList<>();
    try {
      ArrayList<ArrayList<KeyValue>> batch;
      while ((batch = join(scanner.nextRows())) != null) {
        for (ArrayList<KeyValue> row : batch) {
          rows.add(string(row.get(0).key()));
        }
      }
    } finally {
      join(scanner.close());
    }
    return rows;
  }

  @Test
  @Feature(ClientFeature.CONNECT)
  void findsMetaThroughZooKeeperAndLocatesEveryRegion() throws Exception {
    List<String> startKeys = new ArrayList<>();
    for (RegionLocation location : join(client.locateRegions(TABLE))) {
      startKeys.add(string(location.startKey()));
      assertEquals(BASALT.process().rpcAddress(), location.getHostname() + ":" + location.getPort());
    }
    assertEquals(List.of("", "33333333", "66666666"), startKeys);
  }

  @Test
  @Feature({ClientFeature.PUT, ClientFeature.GET})
  void putsAndGets() throws Exception {
    join(client.put(new PutRequest(TABLE, bytes("1-put"), T, bytes("a"), bytes("va"))));
    join(client.put(new PutRequest(TABLE, bytes("1-put"), T, new byte[][] {bytes("b"), bytes("c")},
        new byte[][] {bytes("vb"), bytes("vc")})));
    join(client.put(new PutRequest(TABLE, bytes("8-put"), bytes("f"), bytes("x"), bytes("vx"))));

    assertEquals(List.of("1-put/t:a=va", "1-put/t:b=vb", "1-put/t:c=vc"),
        cells(join(client.get(new GetRequest(TABLE, bytes("1-put"))))));
    assertEquals(List.of("1-put/t:b=vb"),
        cells(join(client.get(new GetRequest(TABLE, bytes("1-put")).family(T).qualifier(bytes("b"))))));
    assertEquals(List.of("8-put/f:x=vx"), cells(join(client.get(new GetRequest(TABLE, bytes("8-put"))))));
    assertTrue(join(client.get(new GetRequest(TABLE, bytes("5-missing")))).isEmpty());
  }

  @Test
  @Feature({ClientFeature.SCAN, ClientFeature.FILTERS, ClientFeature.SPLIT_AWARE_SCAN})
  void scansAcrossRegionsWithFilters() throws Exception {
    for (String row : List.of("2-scan-a", "2-scan-b", "5-scan-a", "5-scan-b", "9-scan-a", "9-scan-b")) {
      join(client.put(new PutRequest(TABLE, bytes(row), T, bytes("col-" + row.charAt(row.length() - 1)),
          bytes("value of " + row))));
    }
    Scanner all = client.newScanner(TABLE);
    all.setKeyRegexp("^.-scan-.$");
    all.setMaxNumRows(1);
    assertEquals(List.of("2-scan-a", "2-scan-b", "5-scan-a", "5-scan-b", "9-scan-a", "9-scan-b"), scanRows(all));

    Scanner range = client.newScanner(TABLE);
    range.setStartKey("2-scan-b");
    range.setStopKey("9-scan-b");
    range.setFilter(new KeyRegexpFilter("-scan-"));
    assertEquals(List.of("2-scan-b", "5-scan-a", "5-scan-b", "9-scan-a"), scanRows(range));

    Scanner filtered = client.newScanner(TABLE);
    filtered.setFilter(new FilterList(List.of(new ColumnPrefixFilter("col-b"),
        new ValueFilter(CompareFilter.CompareOp.NOT_EQUAL, new SubstringComparator("5-")))));
    assertEquals(List.of("2-scan-b", "9-scan-b"), scanRows(filtered));
  }

  @Test
  @Feature(ClientFeature.INCREMENT)
  void incrementsAtomically() throws Exception {
    assertEquals(5L, join(client.atomicIncrement(new AtomicIncrementRequest(TABLE, bytes("3-counter"), T,
        bytes("hits"), 5))));
    assertEquals(2L, join(client.atomicIncrement(new AtomicIncrementRequest(TABLE, bytes("3-counter"), T,
        bytes("hits"), -3))));
    List<KeyValue> row = join(client.get(new GetRequest(TABLE, bytes("3-counter"))));
    assertEquals(2L, Bytes.getLong(row.get(0).value()));
  }

  @Test
  @Feature(ClientFeature.CHECK_AND_MUTATE)
  void comparesAndSets() throws Exception {
    byte[] row = bytes("6-cas");
    PutRequest create = new PutRequest(TABLE, row, T, bytes("state"), bytes("new"));
    assertTrue(join(client.atomicCreate(create)));
    assertFalse(join(client.atomicCreate(new PutRequest(TABLE, row, T, bytes("state"), bytes("again")))));
    assertFalse(join(client.compareAndSet(new PutRequest(TABLE, row, T, bytes("state"), bytes("lost")),
        bytes("old"))));
    assertTrue(join(client.compareAndSet(new PutRequest(TABLE, row, T, bytes("state"), bytes("won")),
        bytes("new"))));
    assertArrayEquals(bytes("won"), join(client.get(new GetRequest(TABLE, row))).get(0).value());
  }

  @Test
  @Feature(ClientFeature.DELETE)
  void deletesColumnsAndRows() throws Exception {
    byte[] row = bytes("7-delete");
    join(client.put(new PutRequest(TABLE, row, T, new byte[][] {bytes("a"), bytes("b")},
        new byte[][] {bytes("1"), bytes("2")})));
    join(client.delete(new DeleteRequest(TABLE, row, T, bytes("a"))));
    assertEquals(List.of("7-delete/t:b=2"), cells(join(client.get(new GetRequest(TABLE, row)))));
    join(client.delete(new DeleteRequest(TABLE, row)));
    assertTrue(join(client.get(new GetRequest(TABLE, row))).isEmpty());
  }

  @Test
  @Feature(ClientFeature.APPEND)
  void appends() throws Exception {
    byte[] row = bytes("4-append");
    join(client.append(new AppendRequest(TABLE, row, T, bytes("log"), bytes("one"))));
    join(client.append(new AppendRequest(TABLE, row, T, bytes("log"), bytes(",two"))));
    assertArrayEquals(bytes("one,two"), join(client.get(new GetRequest(TABLE, row))).get(0).value());
  }

  @Test
  @Feature(ClientFeature.BAD_INPUT)
  void reportsAMissingFamilyAndAMissingTable() throws Exception {
    NoSuchColumnFamilyException family = assertThrows(NoSuchColumnFamilyException.class,
        () -> join(client.put(new PutRequest(TABLE, bytes("5-bad"), bytes("nope"), bytes("q"), bytes("v")))));
    assertTrue(family.getMessage().contains("org.apache.hadoop.hbase.regionserver.NoSuchColumnFamilyException"),
        family.getMessage());
    // asynchbase finds no region of the table in hbase:meta and gives up after its retries, as it does on HBase.
    NonRecoverableException table = assertThrows(NonRecoverableException.class,
        () -> join(client.get(new GetRequest(bytes("asynchbase_missing"), bytes("r")))));
    assertTrue(table.getMessage().contains("asynchbase_missing"), table.getMessage());
    join(client.put(new PutRequest(TABLE, bytes("5-bad"), T, bytes("q"), bytes("still serving"))));
    assertArrayEquals(bytes("still serving"), join(client.get(new GetRequest(TABLE, bytes("5-bad")))).get(0).value());
  }

  @Test
  @Feature({ClientFeature.BATCH, ClientFeature.PUT})
  void buffersPutsIntoMultiRequests() throws Exception {
    long batchedBefore = client.stats().numBatchedRpcSent();
    client.setFlushInterval((short) 1000);
    try {
      List<Deferred<Object>> puts = new ArrayList<>();
      for (int i = 0; i < 300; i++) {
        // Leading digits 0..9 spread the rows over all three regions.
        String row = (i % 10) + "-buffered-" + String.format("%03d", i);
        puts.add(client.put(new PutRequest(TABLE, bytes(row), T, bytes("i"), Bytes.fromInt(i))));
      }
      join(client.flush());
      join(Deferred.group(puts));
    } finally {
      client.setFlushInterval((short) 0);
    }
    long batches = client.stats().numBatchedRpcSent() - batchedBefore;
    assertTrue(batches > 0 && batches < 300, "multi requests sent: " + batches);
    Scanner scanner = client.newScanner(TABLE);
    scanner.setKeyRegexp("^.-buffered-");
    assertEquals(300, scanRows(scanner).size());
  }
}
