package io.basalt.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * One kind of load for {@link CrashSafetyTest}: what stock clients do to Basalt between two kills, and what must
 * hold after the restart that follows.
 */
interface CrashScenario {
  TableName table();

  /** Creates the table, on the first start. */
  void create(Admin admin) throws IOException;

  /** The client threads' work for one round; they run until {@code stop} is set or the kill cuts them off. */
  List<Runnable> load(Connection connection, Admin admin, int round, AtomicBoolean stop);

  /** After the restart that follows kill {@code kill}: everything acknowledged before it is there, whole. */
  void verify(Connection connection, int kill) throws IOException;

  /** Rows acknowledged so far, in every round: the test kills the server only once the load is under way. */
  int rowsAcknowledged();

  /** What was written and verified, for the test's last line. */
  String summary();

  /** The table's regions still tile its key space and it has the families it was created with. */
  static void assertTabletsIntact(Admin admin, TableName table, int kill, String... families) throws IOException {
    List<RegionInfo> regions = admin.getRegions(table);
    assertEquals(0, regions.get(0).getStartKey().length, "first region starts the table after kill " + kill);
    for (int i = 1; i < regions.size(); i++) {
      assertArrayEquals(regions.get(i - 1).getEndKey(), regions.get(i).getStartKey(),
          "regions leave no gap or overlap after kill " + kill + ": " + regions);
    }
    assertEquals(0, regions.get(regions.size() - 1).getEndKey().length, "last region ends the table");
    Set<String> names = new TreeSet<>();
    admin.getDescriptor(table).getColumnFamilyNames().forEach(name -> names.add(Bytes.toString(name)));
    assertEquals(new TreeSet<>(List.of(families)), names, "the table's families after kill " + kill);
  }

  /** Gets the rows in batches of a thousand and hands each result to {@code check}. */
  static void forEachRow(Table table, List<String> rows, RowCheck check) throws IOException {
    for (int from = 0; from < rows.size(); from += 1_000) {
      List<String> chunk = rows.subList(from, Math.min(rows.size(), from + 1_000));
      List<Get> gets = new ArrayList<>();
      chunk.forEach(row -> gets.add(new Get(Bytes.toBytes(row))));
      Result[] results = table.get(gets);
      for (int i = 0; i < chunk.size(); i++) {
        check.check(chunk.get(i), results[i]);
      }
    }
  }

  @FunctionalInterface
  interface RowCheck {
    void check(String row, Result result);
  }
}
