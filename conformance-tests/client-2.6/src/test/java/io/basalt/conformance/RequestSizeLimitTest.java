package io.basalt.conformance;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RetriesExhaustedWithDetailsException;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.exceptions.RequestTooBigException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A stock client sending a request larger than {@code hbase.ipc.max.request.size}: the call fails at once with
 * RequestTooBigException naming the limit, nothing of it is written, and the server and the client's next
 * requests carry on.
 */
class RequestSizeLimitTest {
  private static final int LIMIT = 256 * 1024;

  @RegisterExtension
  static final ConnectedBasalt BASALT = new ConnectedBasalt(
      Map.of("hbase.ipc.max.request.size", Integer.toString(LIMIT)));

  private static final byte[] F = toBytes("f");
  private static final byte[] Q = toBytes("q");
  private static Table table;

  @BeforeAll
  static void createTable() throws IOException {
    table = BASALT.createTable("request_size", "f");
  }

  @Test
  void aPutOverTheLimitFailsAtOnceAndWritesNothing() throws IOException {
    long start = System.nanoTime();
    RequestTooBigException e = assertThrows(RequestTooBigException.class,
        () -> table.put(new Put(toBytes("big")).addColumn(F, Q, new byte[2 * LIMIT])));
    long millis = (System.nanoTime() - start) / 1_000_000;
    assertTrue(e.getMessage().contains("exceeds the maximum of " + LIMIT + " bytes (hbase.ipc.max.request.size)"),
        e.getMessage());
    assertTrue(millis < 10_000, "not retried: refused in " + millis + " ms");
    assertTrue(table.get(new Get(toBytes("big"))).isEmpty(), "nothing of the refused put was written");
    assertServerCarriesOn("after-put");
  }

  @Test
  void aBatchOverTheLimitFailsWholeAndWritesNothing() throws IOException {
    // Each put fits on its own; the one multi request carrying all of them does not.
    List<Put> puts = new ArrayList<>();
    for (int i = 0; i < 16; i++) {
      puts.add(new Put(toBytes("batch-" + i)).addColumn(F, Q, new byte[LIMIT / 8]));
    }
    RetriesExhaustedWithDetailsException e = assertThrows(RetriesExhaustedWithDetailsException.class,
        () -> table.put(puts));
    assertEquals(puts.size(), e.getNumExceptions());
    for (int i = 0; i < e.getNumExceptions(); i++) {
      assertInstanceOf(RequestTooBigException.class, e.getCause(i), "action " + i);
    }
    for (Put put : puts) {
      assertTrue(table.get(new Get(put.getRow())).isEmpty(), "refused batch row written");
    }
    assertServerCarriesOn("after-batch");
  }

  /** The same connection writes and reads a request under the limit; the server is up and logged no error. */
  private static void assertServerCarriesOn(String row) throws IOException {
    table.put(new Put(toBytes(row)).addColumn(F, Q, new byte[LIMIT / 4]));
    assertArrayEquals(new byte[LIMIT / 4], table.get(new Get(toBytes(row))).getValue(F, Q));
    assertTrue(BASALT.process().isAlive());
    assertEquals(List.of(), BASALT.process().logLines().stream().filter(line -> line.contains(" ERROR ")).toList());
  }
}
