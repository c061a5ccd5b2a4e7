package io.basalt.hbase.replication;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.hbase.read.CellTtls;
import io.basalt.hbase.testing.ServedTables;
import io.basalt.storage.data.Waiting;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellScanner;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.TableNotFoundException;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.shaded.protobuf.generated.AdminProtos.WALEntry;
import org.apache.hadoop.hbase.shaded.protobuf.generated.WALProtos.WALKey;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.hbase.wal.WALEdit;
import org.apache.hbase.thirdparty.com.google.protobuf.ByteString;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a replication source may ship besides plain edits: an edit shipped twice changes nothing, a put's TTL tag is
 * kept, WAL bookkeeping cells are passed over, and a replicated bulk load, an entry announcing more cells than the
 * call carries, or a table Basalt lacks are refused with nothing of the call applied.
 */
class ReplicationSinkTest {
  private static final TableName TABLE = TableName.valueOf("replicated");
  private static final byte[] F = toBytes("f");
  private static final byte[] Q = toBytes("q");

  @TempDir
  Path directory;
  private ServedTables tables;
  private ReplicationSink sink;

  @BeforeEach
  void open() throws Exception {
    tables = ServedTables.open(directory);
    tables.create(TABLE, List.of(toBytes("m")), F);
    sink = new ReplicationSink(tables.directory());
  }

  @AfterEach
  void close() {
    tables.close();
  }

  @Test
  void editsShippedTwiceChangeNothingAndKeepTheirTtl() throws Exception {
    long now = tables.clock().millis();
    List<Cell> cells = List.of(
        new KeyValue(toBytes("a"), F, Q, now, toBytes("one")),
        new KeyValue(toBytes("a"), F, toBytes("gone"), now, KeyValue.Type.DeleteColumn),
        new KeyValue(toBytes("z"), F, Q, now, KeyValue.Type.Put, toBytes("with ttl"), CellTtls.tagList(60_000)));
    assertEquals(3, sink.replicate(List.of(entry(TABLE, cells.size())), scanner(cells)));
    assertEquals(3, sink.replicate(List.of(entry(TABLE, cells.size())), scanner(cells)));

    assertEquals("one", value("a"));
    assertEquals("with ttl", value("z"));
    tables.clock().advance(60_001);
    assertEquals(null, value("z"), "the replicated cell's TTL ran out");
  }

  @Test
  void bookkeepingCellsArePassedOver() throws Exception {
    long now = tables.clock().millis();
    List<Cell> cells = List.of(
        new KeyValue(toBytes("b"), WALEdit.METAFAMILY, toBytes("HBASE::COMPACTION"), now, new byte[0]),
        new KeyValue(toBytes("b"), F, Q, now, toBytes("data")));
    sink.replicate(List.of(entry(TABLE, cells.size())), scanner(cells));
    assertEquals("data", value("b"));
  }

  @Test
  void refusedCallsApplyNothing() throws Exception {
    long now = tables.clock().millis();
    List<Cell> bulkLoad = List.of(new KeyValue(toBytes("c"), F, Q, now, toBytes("first")),
        new KeyValue(toBytes("c"), WALEdit.METAFAMILY, WALEdit.BULK_LOAD, now, new byte[0]));
    DoNotRetryIOException refused = assertThrows(DoNotRetryIOException.class,
        () -> sink.replicate(List.of(entry(TABLE, bulkLoad.size())), scanner(bulkLoad)));
    assertTrue(refused.getMessage().contains("bulk load"), refused.getMessage());

    List<Cell> oneCell = List.of(new KeyValue(toBytes("c"), F, Q, now, toBytes("first")));
    DoNotRetryIOException miscounted = assertThrows(DoNotRetryIOException.class,
        () -> sink.replicate(List.of(entry(TABLE, 2)), scanner(oneCell)));
    assertTrue(miscounted.getMessage().contains("announced 2 cells"), miscounted.getMessage());

    assertThrows(TableNotFoundException.class, () -> sink.replicate(
        List.of(entry(TABLE, 1), entry(TableName.valueOf("nosuch"), 1)),
        scanner(List.of(oneCell.get(0), new KeyValue(toBytes("c"), F, Q, now, toBytes("x"))))));
    assertEquals(null, value("c"), "nothing of any refused call was applied");
  }

  private String value(String row) throws Exception {
    Result result = tables.directory().forRow(TABLE, toBytes(row)).get(new Get(toBytes(row)), Waiting.ALLOWED);
    byte[] value = result.getValue(F, Q);
    return value == null ? null : Bytes.toString(value);
  }

  private static WALEntry entry(TableName table, int cells) {
    return WALEntry.newBuilder().setKey(WALKey.newBuilder()
        .setEncodedRegionName(ByteString.copyFromUtf8("0123456789abcdef0123456789abcdef"))
        .setTableName(ByteString.copyFrom(table.getName())).setLogSequenceNumber(1).setWriteTime(1))
        .setAssociatedCellCount(cells).build();
  }

  private static CellScanner scanner(List<Cell> cells) {
    return CellUtil.createCellScanner(new ArrayList<>(cells));
  }
}
