package io.basalt.conformance;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** With {@code hbase.hregion.majorcompaction} set, hidden versions leave the store without anyone asking. */
class PeriodicCompactionTest {
  @RegisterExtension
  static final ConnectedBasalt BASALT = new ConnectedBasalt(Map.of("hbase.hregion.majorcompaction", "500"));

  private static final byte[] F = toBytes("f");

  @Test
  void hiddenVersionsAreCompactedAwayInTheBackground() throws Exception {
    TableName name = TableName.valueOf("periodic");
    BASALT.admin().createTable(TableDescriptorBuilder.newBuilder(name)
        .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(F).setMaxVersions(1).build()).build());
    try (Table table = BASALT.connection().getTable(name)) {
      for (long ts = 1; ts <= 3; ts++) {
        table.put(new Put(toBytes("r")).addColumn(F, toBytes("q"), ts, toBytes("v" + ts)));
      }
      long deadline = System.currentTimeMillis() + 20_000;
      // The hidden versions go before the compaction is over and its time recorded: wait for both.
      while (storedCells(table) > 1 || BASALT.admin().getLastMajorCompactionTimestamp(name) == 0) {
        assertTrue(System.currentTimeMillis() < deadline, "no background compaction within 20 s");
        Thread.sleep(100);
      }
      assertEquals(1, storedCells(table));
    }
  }

  private static int storedCells(Table table) throws Exception {
    int cells = 0;
    try (ResultScanner scanner = table.getScanner(new Scan().setRaw(true).readAllVersions())) {
      for (Result result : scanner) {
        cells += result.size();
      }
    }
    return cells;
  }
}
