package io.basalt.conformance;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * An open scanner reads its region as it was when the scanner opened, as HBase's region scanner does with its
 * read point: rows written, updated or deleted afterwards, ahead of it or behind it, right after it opened or
 * between two next calls of one row each, do not show; a scanner opened later sees them all. One-tablet tables,
 * because a client scanner opens each further region's scanner only when it gets there.
 */
class ScannerSnapshotTest {
  @RegisterExtension
  static final ConnectedBasalt BASALT = new ConnectedBasalt();

  private static final byte[] F = toBytes("f");
  private static final byte[] Q = toBytes("q");

  @Test
  void aForwardScannerSeesTheRowsAsTheyWereWhenItOpened() throws IOException {
    readsTheSnapshot(TableName.valueOf("snapshot_forward"), false);
  }

  @Test
  void aReversedScannerSeesTheRowsAsTheyWereWhenItOpened() throws IOException {
    readsTheSnapshot(TableName.valueOf("snapshot_reversed"), true);
  }

  private static void readsTheSnapshot(TableName name, boolean reversed) throws IOException {
    TestTables.create(BASALT.connection(), name, 1, new String[] {"f"});
    try (Table table = BASALT.connection().getTable(name)) {
      List<Put> puts = new ArrayList<>();
      List<String> before = new ArrayList<>();
      for (int i = 0; i < 20; i++) {
        puts.add(new Put(row(i)).addColumn(F, Q, toBytes("old")));
        before.add(String.format("r%02d/f:q=old", i));
      }
      table.put(puts);
      if (reversed) {
        Collections.reverse(before);
      }
      // The rows this scanner reads first and last, whichever way it goes.
      int first = reversed ? 19 : 0;
      int last = reversed ? 0 : 19;

      List<String> seen = new ArrayList<>();
      try (ResultScanner scanner = table.getScanner(new Scan().setCaching(1).setReversed(reversed))) {
        seen.addAll(TestTables.cells(scanner.next())); // the scanner is open now
        table.put(new Put(row(first)).addColumn(F, Q, toBytes("new"))); // behind it
        table.put(new Put(row(10)).addColumn(F, Q, toBytes("new"))); // ahead of it
        table.put(new Put(row(12)).addColumn(F, toBytes("extra"), toBytes("new")));
        table.put(new Put(toBytes("r05a")).addColumn(F, Q, toBytes("new")));
        table.delete(new Delete(row(15)));
        assertArrayEquals(toBytes("new"), table.get(new Get(row(10))).getValue(F, Q), "the writes are done");
        for (int i = 0; i < 4; i++) {
          seen.addAll(TestTables.cells(scanner.next()));
        }
        // Between two next calls, once the scanner has read a few rows.
        table.put(new Put(row(18)).addColumn(F, Q, toBytes("newer")));
        table.put(new Put(row(2)).addColumn(F, Q, toBytes("newer")));
        table.put(new Put(toBytes("r16b")).addColumn(F, Q, toBytes("new")));
        table.delete(new Delete(row(last)));
        table.delete(new Delete(row(7)));
        for (Result result : scanner) {
          seen.addAll(TestTables.cells(result));
        }
      }
      assertEquals(before, seen);

      List<String> expected = new ArrayList<>();
      for (int i = 0; i < 20; i++) {
        if (i == 7 || i == 15 || i == last) {
          continue;
        }
        String value = i == first || i == 10 ? "new" : i == 2 || i == 18 ? "newer" : "old";
        if (i == 12) {
          expected.add("r12/f:extra=new");
        }
        expected.add(String.format("r%02d/f:q=%s", i, value));
        if (i == 5 || i == 16) {
          expected.add(String.format("r%02d%s/f:q=new", i, i == 5 ? "a" : "b"));
        }
      }
      assertEquals(expected, TestTables.cells(table, new Scan()), "a new scanner sees every change");
      assertTrue(table.get(new Get(row(last))).isEmpty());
    }
  }

  private static byte[] row(int i) {
    return toBytes(String.format("r%02d", i));
  }
}
