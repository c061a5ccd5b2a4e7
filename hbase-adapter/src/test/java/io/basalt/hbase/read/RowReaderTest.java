package io.basalt.hbase.read;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.ArrayBackedTag;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.CompareOperator;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.Tag;
import org.apache.hadoop.hbase.TagType;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.RegionInfoBuilder;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.filter.BinaryComparator;
import org.apache.hadoop.hbase.filter.ValueFilter;
import org.apache.hadoop.hbase.regionserver.NoSuchColumnFamilyException;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

/** HBase's visibility rules applied to raw cells: deletes, versions, time ranges, TTL and raw reads. */
class RowReaderTest {
  private static final byte[] ROW = toBytes("r");
  private static final byte[] F = toBytes("f");
  private static final byte[] G = toBytes("g");
  private static final long NOW = 1_000_000L;
  private static final TableName TABLE = TableName.valueOf("t");
  private static final RegionInfo REGION = RegionInfoBuilder.newBuilder(TABLE).build();
  private static final FamilySchema SCHEMA = FamilySchema.of(TableDescriptorBuilder.newBuilder(TABLE)
      .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(F).setMaxVersions(3).build())
      .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(G).setTimeToLive(10).build())
      .build());

  @Test
  void newestVersionsUpToTheFamilyLimit() throws IOException {
    List<Cell> cells = new ArrayList<>();
    for (long ts = 1; ts <= 5; ts++) {
      cells.add(put(F, "q", ts));
    }
    assertEquals(List.of("f:q@5"), read(new Get(ROW), cells));
    assertEquals(List.of("f:q@5", "f:q@4", "f:q@3"), read(new Get(ROW).readAllVersions(), cells));
    assertEquals(List.of("f:q@5", "f:q@4"), read(new Get(ROW).readVersions(2), cells));
  }

  @Test
  void timeRangeIsHalfOpenAndNewerVersionsDoNotCount() throws IOException {
    List<Cell> cells = List.of(put(F, "q", 1), put(F, "q", 2), put(F, "q", 3), put(F, "q", 4));
    assertEquals(List.of("f:q@3"), read(new Get(ROW).setTimeRange(2, 4), cells));
    assertEquals(List.of("f:q@3", "f:q@2"), read(new Get(ROW).setTimeRange(2, 4).readAllVersions(), cells));
    assertEquals(List.of("f:q@2"), read(new Get(ROW).setTimestamp(2), cells));
  }

  @Test
  void deleteFamilyHidesEveryOlderCellOfTheFamilyOnly() throws IOException {
    List<Cell> cells = List.of(put(F, "a", 5), put(F, "b", 9), put(F, "", 3), put(G, "a", NOW),
        marker(F, "", 6, KeyValue.Type.DeleteFamily));
    assertEquals(List.of("f:b@9", "g:a@" + NOW), read(new Get(ROW), cells));
  }

  @Test
  void deleteFamilyVersionHidesOneTimestampAcrossColumns() throws IOException {
    List<Cell> cells = List.of(put(F, "a", 5), put(F, "a", 4), put(F, "b", 5), put(F, "c", 6),
        marker(F, "", 5, KeyValue.Type.DeleteFamilyVersion));
    assertEquals(List.of("f:a@4", "f:c@6"), read(new Get(ROW).readAllVersions(), cells));
  }

  @Test
  void deleteColumnHidesOlderVersionsAndLaterWrittenOlderPuts() throws IOException {
    // The put at ts 2 may have been written after the marker: it stays hidden all the same.
    List<Cell> cells = List.of(put(F, "q", 7), put(F, "q", 3), put(F, "q", 2), put(F, "other", 1),
        marker(F, "q", 3, KeyValue.Type.DeleteColumn));
    assertEquals(List.of("f:other@1", "f:q@7"), read(new Get(ROW).readAllVersions(), cells));
  }

  @Test
  void deleteVersionHidesExactlyOneTimestamp() throws IOException {
    List<Cell> cells = List.of(put(F, "q", 3), put(F, "q", 2), put(F, "q", 1),
        marker(F, "q", 2, KeyValue.Type.Delete));
    assertEquals(List.of("f:q@3", "f:q@1"), read(new Get(ROW).readAllVersions(), cells));
    // Hidden versions do not use up the version count.
    assertEquals(List.of("f:q@3", "f:q@1"), read(new Get(ROW).readVersions(2), cells));
  }

  @Test
  void markerNewerThanTheTimeRangeStillHidesOlderCells() throws IOException {
    List<Cell> cells = List.of(put(F, "q", 2), marker(F, "q", 9, KeyValue.Type.DeleteColumn));
    assertEquals(List.of(), read(new Get(ROW).setTimeRange(0, 5), cells));
  }

  @Test
  void expiredCellsOutliveNoTtl() throws IOException {
    // Family g keeps cells for 10 s; NOW is 1000 s after the epoch.
    List<Cell> cells = List.of(put(G, "fresh", NOW - 5_000), put(G, "stale", NOW - 11_000), put(F, "q", 1));
    assertEquals(List.of("f:q@1", "g:fresh@995000"), read(new Get(ROW), cells));
  }

  @Test
  void aPutPastItsOwnTtlIsPassedOverAndTheVersionBehindItShows() throws IOException {
    // Expired at NOW - 500; the next put lives until NOW exactly, which is not yet past.
    List<Cell> cells = List.of(putWithTtl(F, "q", NOW - 1_000, 500), put(F, "q", NOW - 2_000),
        putWithTtl(F, "r", NOW - 1_000, 1_000));
    assertEquals(List.of("f:q@" + (NOW - 2_000), "f:r@" + (NOW - 1_000)), read(new Get(ROW), cells));
    Scan raw = new Scan().setRaw(true).readAllVersions();
    assertEquals(List.of("f:q@" + (NOW - 2_000), "f:r@" + (NOW - 1_000)),
        describe(readRow(ReadSpec.forScan(raw, SCHEMA, REGION, NOW), cells)), "raw reads pass it over too");
  }

  @Test
  void aCellsTtlNeverOutlivesItsFamilysTtl() throws IOException {
    // Family g keeps cells for 10 s: a day of cell TTL does not keep one written 11 s ago.
    List<Cell> cells = List.of(putWithTtl(G, "q", NOW - 11_000, 86_400_000L), putWithTtl(G, "r", NOW - 1_000,
        86_400_000L));
    assertEquals(List.of("g:r@" + (NOW - 1_000)), read(new Get(ROW), cells));
  }

  @Test
  void minVersionsDoesNotKeepAPutPastItsOwnTtl() throws IOException {
    FamilySchema minVersions = FamilySchema.of(TableDescriptorBuilder.newBuilder(TABLE)
        .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(F).setMinVersions(1).setTimeToLive(1).build())
        .build());
    List<Cell> cells = List.of(putWithTtl(F, "q", NOW - 5_000, 10), put(F, "q", NOW - 6_000));
    // The family TTL (1 s) ran out for both, MIN_VERSIONS keeps one: the put without a TTL of its own.
    assertEquals(List.of("f:q@" + (NOW - 6_000)),
        describe(readRow(ReadSpec.forGet(new Get(ROW), minVersions, REGION, NOW), cells)));
  }

  @Test
  void columnSelection() throws IOException {
    List<Cell> cells = List.of(put(F, "a", 1), put(F, "b", 1), put(F, "c", 1), put(G, "a", NOW));
    assertEquals(List.of("f:a@1", "f:c@1"),
        read(new Get(ROW).addColumn(F, toBytes("a")).addColumn(F, toBytes("c")), cells));
    assertEquals(List.of("g:a@1000000"), read(new Get(ROW).addFamily(G), cells));
  }

  @Test
  void rawScansShowMarkersAndHiddenCells() throws IOException {
    List<Cell> cells = List.of(put(F, "q", 3), put(F, "q", 2), marker(F, "q", 2, KeyValue.Type.Delete));
    Scan raw = new Scan().setRaw(true).readAllVersions();
    ReadSpec spec = ReadSpec.forScan(raw, SCHEMA, REGION, NOW);
    assertEquals(List.of("f:q@3", "f:q@2/Delete", "f:q@2"), describe(readRow(spec, cells)));
  }

  @Test
  void unknownFamiliesAndColumnsOnRawScansAreRefused() {
    NoSuchColumnFamilyException unknown = assertThrows(NoSuchColumnFamilyException.class,
        () -> ReadSpec.forGet(new Get(ROW).addFamily(toBytes("nope")), SCHEMA, REGION, NOW));
    assertEquals("Column family nope does not exist in region " + REGION.getRegionNameAsString() + " in table "
        + SCHEMA.table(), unknown.getMessage(), "HBase's message names the table by its whole descriptor");
    assertThrows(DoNotRetryIOException.class,
        () -> ReadSpec.forScan(new Scan().setRaw(true).addColumn(F, toBytes("q")), SCHEMA, REGION, NOW));
  }

  @Test
  void emptyQualifierColumnIsSteppedSoAFamilyMarkerBehindItStillCounts() throws IOException {
    // The put of the empty qualifier at 10 sorts before the family marker at 5 that hides b@3.
    List<Cell> cells = List.of(put(F, "", 10), marker(F, "", 5, KeyValue.Type.DeleteFamily), put(F, "b", 3),
        put(F, "b", 7));
    assertEquals(List.of("f:@10", "f:b@7"), read(new Get(ROW), cells));
  }

  @Test
  void filterSeesOnlyVersionsTheFamilyKeepsAndCountsWhatItLetsThrough() throws IOException {
    List<Cell> cells = new ArrayList<>();
    for (long ts = 1; ts <= 5; ts++) {
      cells.add(new KeyValue(ROW, F, toBytes("q"), ts, KeyValue.Type.Put, toBytes(ts % 2 == 0 ? "even" : "odd")));
    }
    Get get = new Get(ROW).readAllVersions().setFilter(new ValueFilter(CompareOperator.EQUAL,
        new BinaryComparator(toBytes("odd"))));
    // VERSIONS is 3: the filter is shown 5, 4, 3 and keeps the odd ones.
    assertEquals(List.of("f:q@5", "f:q@3"), read(get, cells));
    Get one = new Get(ROW).setFilter(new ValueFilter(CompareOperator.EQUAL, new BinaryComparator(toBytes("even"))));
    // One version wanted: with a filter HBase still shows it up to VERSIONS cells and returns the first it keeps.
    assertEquals(List.of("f:q@4"), read(one, cells));
  }

  @Test
  void perFamilyLimitAndOffset() throws IOException {
    List<Cell> cells = List.of(put(F, "a", 1), put(F, "b", 1), put(F, "c", 1), put(F, "d", 1), put(G, "a", NOW),
        put(G, "b", NOW));
    Get get = new Get(ROW).setMaxResultsPerColumnFamily(2).setRowOffsetPerColumnFamily(1);
    assertEquals(List.of("f:b@1", "f:c@1", "g:b@" + NOW), read(get, cells));
  }

  @Test
  void perFamilyLimitOfIntegerMaxValueWithAnOffsetReturnsEveryCellPastTheOffset() throws IOException {
    List<Cell> cells = List.of(put(F, "a", 1), put(F, "b", 1), put(F, "c", 1), put(F, "d", 1));
    Get get = new Get(ROW).setMaxResultsPerColumnFamily(Integer.MAX_VALUE).setRowOffsetPerColumnFamily(2);
    assertEquals(List.of("f:c@1", "f:d@1"), read(get, cells));
    Get widest = new Get(ROW).setMaxResultsPerColumnFamily(Integer.MAX_VALUE)
        .setRowOffsetPerColumnFamily(Integer.MAX_VALUE);
    assertEquals(List.of(), read(widest, cells));
  }

  private static List<String> read(Get get, List<Cell> cells) throws IOException {
    return describe(readRow(ReadSpec.forGet(get, SCHEMA, REGION, NOW), cells));
  }

  private static List<Cell> readRow(ReadSpec spec, List<Cell> cells) throws IOException {
    ListRowSource source = new ListRowSource(cells);
    assertTrue(source.nextRow());
    return new RowReader(spec).readRow(source).cells();
  }

  private static List<String> describe(List<Cell> cells) {
    List<String> out = new ArrayList<>();
    for (Cell cell : cells) {
      String type = cell.getTypeByte() == KeyValue.Type.Put.getCode() ? "" : "/" + cell.getType();
      out.add(Bytes.toString(CellUtil.cloneFamily(cell)) + ":" + Bytes.toString(CellUtil.cloneQualifier(cell))
          + "@" + cell.getTimestamp() + type);
    }
    return out;
  }

  private static Cell put(byte[] family, String qualifier, long ts) {
    return new KeyValue(ROW, family, toBytes(qualifier), ts, KeyValue.Type.Put, toBytes("v"));
  }

  private static Cell putWithTtl(byte[] family, String qualifier, long ts, long ttl) {
    return new KeyValue(ROW, family, toBytes(qualifier), ts, KeyValue.Type.Put, toBytes("v"),
        List.<Tag>of(new ArrayBackedTag(TagType.TTL_TAG_TYPE, toBytes(ttl))));
  }

  private static Cell marker(byte[] family, String qualifier, long ts, KeyValue.Type type) {
    return new KeyValue(ROW, family, toBytes(qualifier), ts, type);
  }
}
