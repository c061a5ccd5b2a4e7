package io.basalt.conformance.differential;

import io.basalt.conformance.differential.MetricNames.Attribute;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Append;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Row;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The known workload of MetricsOracleTest, one call after another on one table, and what it moves in HBase 2.6.4's
 * counts: the counts the test compares, each with the change HBase shows for it (the change it waits for, as
 * HBase's /jmx values lag).
 */
final class MetricsWorkload {
  private static final int PUTS = 100;
  private static final int GETS_FOUND = 50;
  private static final int GETS_MISSING = 10;
  /** The bounded scan's rows: row010 up to row020. */
  private static final int BOUNDED_SCAN_ROWS = 10;
  private static final int INCREMENTS = 10;
  private static final int APPENDS = 5;
  private static final int CHECKS_PASSING = 5;
  private static final int CHECKS_FAILING = 2;
  private static final int DELETES = 3;
  private static final int BATCH_PUTS = 10;
  private static final int BATCH_GETS = 10;

  private static final byte[] F = Bytes.toBytes("f");
  private static final byte[] Q = Bytes.toBytes("q");

  private MetricsWorkload() {}

  static void createTable(Connection connection, TableName table) throws IOException {
    try (Admin admin = connection.getAdmin()) {
      admin.createTable(TableDescriptorBuilder.newBuilder(table)
          .setColumnFamily(ColumnFamilyDescriptorBuilder.of(F)).build());
    }
  }

  /** Runs the workload; returns what it saw, which must be the same on both servers. */
  static String run(Connection connection, TableName name) throws IOException, InterruptedException {
    List<String> seen = new ArrayList<>();
    try (Table table = connection.getTable(name)) {
      for (int i = 0; i < PUTS; i++) {
        table.put(new Put(row(i)).addColumn(F, Q, value(i)));
      }
      int found = 0;
      for (int i = 0; i < GETS_FOUND; i++) {
        found += table.get(new Get(row(i))).isEmpty() ? 0 : 1;
      }
      for (int i = 0; i < GETS_MISSING; i++) {
        found += table.get(new Get(Bytes.toBytes("absent" + i))).isEmpty() ? 0 : 1;
      }
      seen.add("gets found " + found);
      seen.add("full scan " + rows(table, new Scan()));
      Scan bounded = new Scan().withStartRow(row(10)).withStopRow(row(10 + BOUNDED_SCAN_ROWS));
      seen.add("bounded scan " + rows(table, bounded));
      for (int i = 0; i < INCREMENTS; i++) {
        table.increment(new Increment(Bytes.toBytes("counter")).addColumn(F, Q, 1));
      }
      for (int i = 0; i < APPENDS; i++) {
        table.append(new Append(Bytes.toBytes("appended")).addColumn(F, Q, Bytes.toBytes("x")));
      }
      int passed = 0;
      for (int i = 0; i < CHECKS_PASSING + CHECKS_FAILING; i++) {
        // The first ones compare with the value the row has, the rest with one it has not.
        byte[] expected = i < CHECKS_PASSING ? value(i) : Bytes.toBytes("other");
        passed += table.checkAndMutate(CheckAndMutate.newBuilder(row(i)).ifEquals(F, Q, expected)
            .build(new Put(row(i)).addColumn(F, Bytes.toBytes("checked"), Bytes.toBytes("y")))).isSuccess() ? 1 : 0;
      }
      seen.add("checks passed " + passed);
      for (int i = 0; i < DELETES; i++) {
        table.delete(new Delete(row(PUTS - 10 + i)));
      }
      List<Row> puts = new ArrayList<>();
      for (int i = 0; i < BATCH_PUTS; i++) {
        puts.add(new Put(Bytes.toBytes("batch" + i)).addColumn(F, Q, value(i)));
      }
      table.batch(puts, new Object[puts.size()]);
      List<Row> gets = new ArrayList<>();
      for (int i = 0; i < BATCH_GETS; i++) {
        gets.add(new Get(row(i)));
      }
      Object[] results = new Object[gets.size()];
      table.batch(gets, results);
      int batchFound = 0;
      for (Object result : results) {
        batchFound += result instanceof Result r && !r.isEmpty() ? 1 : 0;
      }
      seen.add("batch gets found " + batchFound);
    }
    return String.join(", ", seen);
  }

  /**
   * Every count the test compares, with the change the workload makes to it on HBase 2.6.4, in the order they are
   * reported. Server-wide counts include the one lookup of the table's region in hbase:meta the client makes.
   */
  static Map<Attribute, Long> hbaseDeltas(String table) {
    Map<Attribute, Long> deltas = new LinkedHashMap<>();
    long checks = CHECKS_PASSING + CHECKS_FAILING;
    // One Get or Mutate call each; each Table.batch is one Multi call (one region server), each scan one Scan call
    // (it gets all its rows and closes in its first), and the client's lookup of the region is a scan of hbase:meta.
    long gets = GETS_FOUND + GETS_MISSING;
    long mutates = PUTS + INCREMENTS + APPENDS + checks + DELETES;
    long multis = 2;
    long tableScans = 2;
    long scans = tableScans + 1;
    // Reads count rows a region's scanner gives or looks for: every get (found or not), every scanned row, and the
    // read of the row every increment, append and check makes. Writes count mutations applied.
    long reads = gets + PUTS + BOUNDED_SCAN_ROWS + INCREMENTS + APPENDS + checks + BATCH_GETS;
    long writes = PUTS + INCREMENTS + APPENDS + CHECKS_PASSING + DELETES + BATCH_PUTS;
    String server = MetricNames.RS_SERVER;
    deltas.put(new Attribute(server, "totalRequestCount"), gets + mutates + multis + scans);
    deltas.put(new Attribute(server, "rpcGetRequestCount"), gets);
    deltas.put(new Attribute(server, "rpcMutateRequestCount"), mutates);
    deltas.put(new Attribute(server, "rpcMultiRequestCount"), multis);
    deltas.put(new Attribute(server, "rpcScanRequestCount"), scans);
    // The bounded scan and the lookup in hbase:meta do not cover their region.
    deltas.put(new Attribute(server, "rpcFullScanRequestCount"), 1L);
    deltas.put(new Attribute(server, "checkMutatePassedCount"), (long) CHECKS_PASSING);
    deltas.put(new Attribute(server, "checkMutateFailedCount"), (long) CHECKS_FAILING);
    // Operation histograms count gets wherever they come from, but puts of a batch only as the batch; a check
    // counts as CheckAndPut and CheckAndMutate whether it passes or not.
    deltas.put(new Attribute(server, "Get_num_ops"), gets + BATCH_GETS);
    deltas.put(new Attribute(server, "Put_num_ops"), (long) PUTS);
    deltas.put(new Attribute(server, "PutBatch_num_ops"), 1L);
    deltas.put(new Attribute(server, "Delete_num_ops"), (long) DELETES);
    deltas.put(new Attribute(server, "DeleteBatch_num_ops"), 0L);
    deltas.put(new Attribute(server, "Increment_num_ops"), (long) INCREMENTS);
    deltas.put(new Attribute(server, "Append_num_ops"), (long) APPENDS);
    deltas.put(new Attribute(server, "CheckAndPut_num_ops"), checks);
    deltas.put(new Attribute(server, "CheckAndDelete_num_ops"), 0L);
    deltas.put(new Attribute(server, "CheckAndMutate_num_ops"), checks);
    deltas.put(new Attribute(server, "ScanTime_num_ops"), scans);
    deltas.put(new Attribute(server, "ScanSize_num_ops"), scans);
    String prefix = MetricNames.tablePrefix(table);
    deltas.put(new Attribute(MetricNames.RS_TABLES, prefix + "_metric_readRequestCount"), reads);
    deltas.put(new Attribute(MetricNames.RS_TABLES, prefix + "_metric_writeRequestCount"), writes);
    deltas.put(new Attribute(MetricNames.RS_TABLES, prefix + "_metric_totalRequestCount"), reads + writes);
    String requests = MetricNames.tableRequests(table);
    deltas.put(new Attribute(requests, "GetTime_num_ops"), gets + BATCH_GETS);
    deltas.put(new Attribute(requests, "PutTime_num_ops"), (long) PUTS);
    deltas.put(new Attribute(requests, "PutBatchTime_num_ops"), 1L);
    deltas.put(new Attribute(requests, "DeleteTime_num_ops"), (long) DELETES);
    deltas.put(new Attribute(requests, "DeleteBatchTime_num_ops"), 0L);
    deltas.put(new Attribute(requests, "IncrementTime_num_ops"), (long) INCREMENTS);
    deltas.put(new Attribute(requests, "AppendTime_num_ops"), (long) APPENDS);
    deltas.put(new Attribute(requests, "CheckAndPutTime_num_ops"), checks);
    deltas.put(new Attribute(requests, "CheckAndDeleteTime_num_ops"), 0L);
    deltas.put(new Attribute(requests, "CheckAndMutateTime_num_ops"), checks);
    deltas.put(new Attribute(requests, "ScanTime_num_ops"), tableScans);
    deltas.put(new Attribute(requests, "ScanSize_num_ops"), tableScans);
    String region = MetricNames.RS_REGIONS;
    String regionPrefix = prefix + "_region_" + MetricNames.REGION_MASK + "_metric_";
    // A region counts batches of puts it applies, not puts: a passing check's put is a batch of its own, a failing
    // one's is never applied, the Table.batch of puts is one batch.
    deltas.put(new Attribute(region, regionPrefix + "putCount"), (long) PUTS + CHECKS_PASSING + 1);
    deltas.put(new Attribute(region, regionPrefix + "getCount"), gets + BATCH_GETS);
    deltas.put(new Attribute(region, regionPrefix + "scanCount"), tableScans);
    deltas.put(new Attribute(region, regionPrefix + "deleteCount"), (long) DELETES);
    deltas.put(new Attribute(region, regionPrefix + "incrementCount"), (long) INCREMENTS);
    deltas.put(new Attribute(region, regionPrefix + "appendCount"), (long) APPENDS);
    return deltas;
  }

  private static int rows(Table table, Scan scan) throws IOException {
    int rows = 0;
    try (ResultScanner scanner = table.getScanner(scan)) {
      for (Result ignored : scanner) {
        rows++;
      }
    }
    return rows;
  }

  private static byte[] row(int i) {
    return Bytes.toBytes(String.format("row%03d", i));
  }

  private static byte[] value(int i) {
    return Bytes.toBytes("value" + i);
  }
}
