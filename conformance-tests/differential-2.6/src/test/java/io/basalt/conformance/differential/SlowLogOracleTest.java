package io.basalt.conformance.differential;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Append;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.LogEntry;
import org.apache.hadoop.hbase.client.OnlineLogRecord;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Row;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.ServerType;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The large log through the stock 2.6.4 client against Basalt and against real HBase 2.6.4 with the same settings
 * (the shared pair's: every call answering more than {@value BasaltAndHBase#LARGE_CALL_BYTES} bytes is large, none
 * is slow): the same sequence of gets, multi-gets, batches, scans, appends, increments and check-and-puts on a table
 * of two regions, then the same questions to both servers' logs. Both must list the same calls, newest first, with
 * the same method, call details, parameters, region, counts of a batch's actions, server class, user, response size
 * and type; and answer the region, table, user and client address filters, AND and OR, the limit, the slow log and
 * the clearing alike. A region's name holds its creation time and an id of its own on each server: both are cut
 * from the names before comparing. On a cluster each node keeps the calls it served, as each region server does, and
 * the entries of all servers are merged newest first before comparing.
 *
 * <p>A scan's response size is only checked to be over the threshold on both: HBase counts a scan's cells by their
 * estimated size on its heap (some 32 bytes a cell more than their bytes in the answer, and different for cells read
 * from its memstore and from its files), Basalt by their bytes in the answer, as both count a get's.
 */
class SlowLogOracleTest {
  private static final byte[] F = Bytes.toBytes("f");
  private static final byte[] Q = Bytes.toBytes("q");
  private static final byte[] SPLIT = Bytes.toBytes("m");
  /** A value whose cell alone makes an answer large. */
  private static final byte[] BIG = new byte[BasaltAndHBase.LARGE_CALL_BYTES + 1000];
  /** The calls of {@link #sequence} that answer with a large response. */
  private static final int LARGE_CALLS = 6;
  private static final long LOG_WAIT_MILLIS = 30_000;
  /** A region name's creation time and encoded id: {@code ,1795866554696.d806871bf26c3bf3733f6ec8bd347b5d.} */
  private static final Pattern REGION_ID = Pattern.compile(",\\d{13}\\.[0-9a-f]{32}\\.");

  @RegisterExtension
  static final BasaltAndHBase SERVERS = BasaltAndHBase.shared();

  @Test
  void bothServersLogTheSameLargeCallsAndAnswerTheSameQuestions() throws Exception {
    TableName table = SERVERS.newTable("slowlog");
    Map<String, List<String>> hbase = questions(SERVERS.hbase(), table);
    Map<String, List<String>> basalt = questions(SERVERS.basalt(), table);
    assertEquals(LARGE_CALLS, hbase.get("table").size(), "HBase's large calls: " + hbase.get("table"));
    for (String question : hbase.keySet()) {
      assertEquals(hbase.get(question), basalt.get(question), "HBase (expected) and Basalt (actual) answer '"
          + question + "' differently");
    }
  }

  /** Runs the sequence on {@code connection}'s server, then asks its log every question, by name. */
  private static Map<String, List<String>> questions(Connection connection, TableName table) throws Exception {
    Map<String, List<String>> answers = new LinkedHashMap<>();
    try (Admin admin = connection.getAdmin()) {
      admin.createTable(TableDescriptorBuilder.newBuilder(table).setColumnFamily(ColumnFamilyDescriptorBuilder.of(F))
          .build(), new byte[][] {SPLIT});
      Set<ServerName> servers = new HashSet<>(admin.getRegionServers());
      String name = table.getNameAsString();
      sequence(connection, table);
      List<OnlineLogRecord> logged = awaitLarge(admin, servers, name);
      answers.put("table", canonical(logged));
      answers.put("region of the get", canonical(large(admin, servers, 50,
          Map.of("regionName", logged.get(logged.size() - 1).getRegionName()))));
      answers.put("table AND nobody", canonical(large(admin, servers, 50,
          Map.of("tableName", name, "userName", "nobody", "filterByOperator", "AND"))));
      answers.put("table OR nobody", canonical(large(admin, servers, 50,
          Map.of("tableName", name, "userName", "nobody"))));
      answers.put("table AND the client's host", canonical(large(admin, servers, 50,
          Map.of("tableName", name, "clientAddress", "127.0.0.1", "filterByOperator", "and"))));
      answers.put("table, newest 2", canonical(large(admin, servers, 2, Map.of("tableName", name))));
      answers.put("slow log of the table", canonical(records(admin.getLogEntries(servers, "SLOW_LOG",
          ServerType.REGION_SERVER, 50, Map.of("tableName", name)), 50)));
      List<Boolean> cleared = admin.clearSlowLogResponses(servers);
      assertFalse(cleared.isEmpty());
      answers.put("cleared by every server", List.of(Boolean.toString(cleared.stream().allMatch(done -> done))));
      answers.put("table after clearing", canonical(large(admin, servers, 50, Map.of("tableName", name))));
      admin.disableTable(table);
      admin.deleteTable(table);
    }
    return answers;
  }

  /**
   * Six calls answering more than the threshold (a get, a multi-get, a batch with a get, the scan's first call in
   * each region, an append answering its new cell) among others that do not.
   */
  private static void sequence(Connection connection, TableName table) throws Exception {
    try (Table t = connection.getTable(table)) {
      t.put(new Put(Bytes.toBytes("a")).addColumn(F, Q, Bytes.toBytes("small")));
      t.put(new Put(Bytes.toBytes("b")).addColumn(F, Q, BIG));
      t.put(new Put(Bytes.toBytes("x")).addColumn(F, Q, BIG));
      t.get(new Get(Bytes.toBytes("a")));
      t.get(new Get(Bytes.toBytes("b")));
      t.get(List.of(new Get(Bytes.toBytes("b")), new Get(Bytes.toBytes("a"))));
      List<Row> batch = List.of(new Get(Bytes.toBytes("x")),
          new Put(Bytes.toBytes("y")).addColumn(F, Q, Bytes.toBytes("small")), new Delete(Bytes.toBytes("z")));
      t.batch(batch, new Object[batch.size()]);
      try (ResultScanner scanner = t.getScanner(new Scan().setCaching(100))) {
        int rows = 0;
        while (scanner.next() != null) {
          rows++;
        }
        assertEquals(4, rows);
      }
      t.append(new Append(Bytes.toBytes("b")).addColumn(F, Q, Bytes.toBytes("more")));
      t.increment(new Increment(Bytes.toBytes("n")).addColumn(F, Q, 1));
      assertTrue(t.checkAndMutate(CheckAndMutate.newBuilder(Bytes.toBytes("a")).ifEquals(F, Q, Bytes.toBytes("small"))
          .build(new Put(Bytes.toBytes("a")).addColumn(F, Q, Bytes.toBytes("checked")))).isSuccess());
    }
  }

  /**
   * The table's large calls, once the server has logged all of {@link #LARGE_CALLS}: HBase hands a call to its log
   * on another thread, after answering it.
   */
  private static List<OnlineLogRecord> awaitLarge(Admin admin, Set<ServerName> servers, String table)
      throws IOException, InterruptedException {
    long deadline = System.currentTimeMillis() + LOG_WAIT_MILLIS;
    List<OnlineLogRecord> logged = large(admin, servers, 50, Map.of("tableName", table));
    while (logged.size() < LARGE_CALLS && System.currentTimeMillis() < deadline) {
      Thread.sleep(50);
      logged = large(admin, servers, 50, Map.of("tableName", table));
    }
    return logged;
  }

  private static List<OnlineLogRecord> large(Admin admin, Set<ServerName> servers, int limit,
      Map<String, Object> filters) throws IOException {
    return records(admin.getLogEntries(servers, "LARGE_LOG", ServerType.REGION_SERVER, limit, filters), limit);
  }

  /**
   * The entries of every server newest first, the first {@code limit} of them: what one region server answers
   * (the client puts the servers' answers one after the other, each limited on its own).
   */
  private static List<OnlineLogRecord> records(List<LogEntry> entries, int limit) {
    List<OnlineLogRecord> records = new ArrayList<>();
    entries.forEach(entry -> records.add((OnlineLogRecord) entry));
    records.sort(Comparator.comparingLong(OnlineLogRecord::getStartTime).reversed());
    return records.subList(0, Math.min(limit, records.size()));
  }

  /** The fields both servers must agree on; times, and the client's port, differ from run to run. */
  private static List<String> canonical(List<OnlineLogRecord> records) {
    List<String> canonical = new ArrayList<>();
    for (OnlineLogRecord record : records) {
      assertTrue(record.getClientAddress().startsWith("127.0.0.1:"), record::toString);
      canonical.add(String.join(" | ", record.getMethodName(), record.getCallDetails(),
          withoutRegionIds(record.getParam()), withoutRegionIds(record.getRegionName()),
          "gets=" + record.getMultiGetsCount(), "mutations=" + record.getMultiMutationsCount(),
          "service calls=" + record.getMultiServiceCalls(), record.getServerClass(), record.getUserName(),
          record.getMethodName().equals("Scan") ? "response bytes over the threshold="
              + (record.getResponseSize() > BasaltAndHBase.LARGE_CALL_BYTES)
              : "response bytes=" + record.getResponseSize(),
          "block bytes=" + record.getBlockBytesScanned()));
    }
    return canonical;
  }

  private static String withoutRegionIds(String text) {
    return text == null ? "null" : REGION_ID.matcher(text).replaceAll(",<id>.");
  }
}
