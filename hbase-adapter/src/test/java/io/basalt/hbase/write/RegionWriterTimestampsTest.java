package io.basalt.hbase.write;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.hbase.region.Region;
import io.basalt.hbase.testing.ServedTables;
import io.basalt.storage.data.Waiting;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The timestamps a writer gives cells, as HBase's region gives them: the server's time for cells sent without one;
 * for a Delete of a column's latest version, that version's timestamp (or the server's time when there is none);
 * for a counter's new version, one past the version it adds to if that is later than now; and for a checkAndMutate's
 * Puts, no earlier than the cell the condition read.
 */
class RegionWriterTimestampsTest {
  private static final TableName TABLE = TableName.valueOf("t");
  private static final byte[] F = toBytes("f");
  private static final byte[] ROW = toBytes("r");
  private static final byte[] Q = toBytes("q");

  @TempDir
  Path directory;

  private ServedTables tables;
  private Region region;
  private RegionWriter writer;
  private long now;

  @BeforeEach
  void setUp() throws IOException {
    tables = ServedTables.open(directory);
    tables.create(TableDescriptorBuilder.newBuilder(TABLE)
        .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(F).setMaxVersions(5).build()).build(), List.of());
    region = tables.region(TABLE, 0);
    writer = RegionWriters.over(tables, TABLE, 0, tables.writePolicy());
    now = tables.clock().millis();
  }

  @AfterEach
  void tearDown() {
    tables.close();
  }

  @Test
  void cellsSentWithoutATimestampTakeTheServersTime() throws IOException {
    batch(new Put(ROW).addColumn(F, Q, toBytes("first")));
    tables.clock().advance(5);
    writer.mutateRow(List.of(new Put(ROW).addColumn(F, Q, toBytes("second"))), 0, 0, Waiting.ALLOWED);
    batch(new Put(ROW).addColumn(F, Q, 42, toBytes("explicit")));
    assertEquals(List.of(now + 5, now, 42L), versions());
    assertEquals("second", value());
  }

  /**
   * A server clock that jumps back (NTP stepping it, or in cluster mode a leader elected on a node whose clock is
   * behind) does not stamp a put below the version it replaces, which would hide it: the writer repeats its highest
   * stamp until the clock passes it. HBase would stamp the clock's time and hide the put.
   */
  @Test
  void aClockThatJumpsBackDoesNotHideTheNextPut() throws IOException {
    batch(new Put(ROW).addColumn(F, Q, toBytes("before the jump")));
    tables.clock().advance(-10_000);
    writer.mutateRow(List.of(new Put(ROW).addColumn(F, Q, toBytes("after the jump"))), 0, 0, Waiting.ALLOWED);
    assertEquals("after the jump", value());
    assertEquals(List.of(now), versions(), "the later put replaced the earlier at the same timestamp");
    tables.clock().advance(10_001);
    batch(new Put(ROW).addColumn(F, Q, toBytes("once the clock caught up")));
    assertEquals(List.of(now + 1, now), versions());
    assertEquals("once the clock caught up", value());
  }

  @Test
  void aDeleteOfTheLatestVersionTakesThatVersionsTimestamp() throws IOException {
    batch(new Put(ROW).addColumn(F, Q, 100, toBytes("older")), new Put(ROW).addColumn(F, Q, 200, toBytes("newer")));
    batch(new Delete(ROW).addColumn(F, Q));
    assertEquals(List.of(100L), versions());
    assertEquals("older", value());
    writer.mutateRow(List.of(new Delete(ROW).addColumn(F, Q)), 0, 0, Waiting.ALLOWED);
    assertEquals(List.of(), versions());
  }

  @Test
  void aDeleteOfTheLatestVersionOfAnEmptyColumnMarksTheServersTime() throws IOException {
    batch(new Delete(ROW).addColumn(F, Q));
    // As HBase's "nothing to delete": a marker of one version at the server's time, hiding exactly that version.
    batch(new Put(ROW).addColumn(F, Q, now, toBytes("hidden")), new Put(ROW).addColumn(F, Q, now - 1,
        toBytes("older")), new Put(ROW).addColumn(F, Q, now + 1, toBytes("newer")));
    assertEquals(List.of(now + 1, now - 1), versions());
  }

  @Test
  void deletesOfAllVersionsWithoutATimestampReachUpToTheServersTime() throws IOException {
    batch(new Put(ROW).addColumn(F, Q, now - 1, toBytes("past")), new Put(ROW).addColumn(F, Q, now + 1000,
        toBytes("future")));
    batch(new Delete(ROW).addColumns(F, Q));
    assertEquals(List.of(now + 1000), versions());
    batch(new Put(ROW).addColumn(F, toBytes("other"), now, toBytes("now")));
    batch(new Delete(ROW));
    Result row = region.get(new Get(ROW), Waiting.ALLOWED);
    assertNull(row.getValue(F, toBytes("other")), "the family's marker at the server's time covers it");
    assertEquals("future", value());
  }

  @Test
  void aCountersNewVersionIsNewerThanTheOneItAddsTo() throws IOException {
    batch(new Put(ROW).addColumn(F, Q, now + 10_000, toBytes(1L)));
    Result result = batch(new Increment(ROW).addColumn(F, Q, 1));
    assertEquals(2, Bytes.toLong(result.getValue(F, Q)));
    assertEquals(now + 10_001, result.rawCells()[0].getTimestamp(), "one past the version it added to");

    byte[] fresh = toBytes("fresh");
    assertEquals(now, batch(new Increment(ROW).addColumn(F, fresh, 1)).rawCells()[0].getTimestamp());
    // Within the same millisecond a counter still moves forward, so its versions stay apart.
    assertEquals(now + 1, batch(new Increment(ROW).addColumn(F, fresh, 1)).rawCells()[0].getTimestamp());
    tables.clock().advance(100);
    assertEquals(now + 100, batch(new Increment(ROW).addColumn(F, fresh, 1)).rawCells()[0].getTimestamp());
    assertEquals(3, Bytes.toLong(region.get(new Get(ROW), Waiting.ALLOWED).getValue(F, fresh)));
  }

  @Test
  void aCheckAndMutatesPutIsNotStampedEarlierThanTheCellItChecked() throws IOException {
    batch(new Put(ROW).addColumn(F, Q, now + 5000, toBytes("checked")));
    assertTrue(region.checkAndMutate(CheckAndMutate.newBuilder(ROW).ifEquals(F, Q, toBytes("checked"))
        .build(new Put(ROW).addColumn(F, Q, toBytes("replaced"))), 0, 0, Waiting.ALLOWED).isSuccess());
    // Stamped with the server's time it would sit behind the value it replaced.
    assertEquals("replaced", value());
    assertEquals(List.of(now + 5000), versions());
  }

  private Result batch(Mutation... mutations) throws IOException {
    List<NoncedMutation> nonced = new ArrayList<>();
    for (Mutation mutation : mutations) {
      nonced.add(new NoncedMutation(mutation, 0));
    }
    List<MutationOutcome> outcomes = writer.batch(nonced, 0, Waiting.ALLOWED);
    for (MutationOutcome outcome : outcomes) {
      assertNull(outcome.error());
    }
    return outcomes.get(0).result();
  }

  private String value() throws IOException {
    return Bytes.toString(region.get(new Get(ROW), Waiting.ALLOWED).getValue(F, Q));
  }

  /** Timestamps of the visible versions of the column, newest first. */
  private List<Long> versions() throws IOException {
    List<Long> timestamps = new ArrayList<>();
    List<Cell> cells = region.get(new Get(ROW).addColumn(F, Q).readAllVersions(), Waiting.ALLOWED).listCells();
    if (cells != null) {
      for (Cell cell : cells) {
        timestamps.add(cell.getTimestamp());
      }
    }
    return timestamps;
  }
}
