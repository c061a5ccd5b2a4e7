package io.basalt.hbase.read;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.basalt.storage.data.Waiting;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CompareOperator;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.RegionInfoBuilder;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.filter.BinaryComparator;
import org.apache.hadoop.hbase.filter.PrefixFilter;
import org.apache.hadoop.hbase.filter.ValueFilter;
import org.junit.jupiter.api.Test;

/**
 * What a batch counts toward its region's read requests and filtered reads, as HBase counts calls of its region
 * scanner: one per Result, one for a search that ends empty-handed, and one filtered read per row dropped.
 */
class RowScannerCountsTest {
  private static final byte[] F = toBytes("f");
  private static final long NOW = 1_000_000L;
  private static final TableName TABLE = TableName.valueOf("t");
  private static final RegionInfo REGION = RegionInfoBuilder.newBuilder(TABLE).build();
  private static final FamilySchema SCHEMA = FamilySchema.of(TableDescriptorBuilder.newBuilder(TABLE)
      .setColumnFamily(ColumnFamilyDescriptorBuilder.of(F)).build());

  @Test
  void oneReadPerRowReturned() throws IOException {
    RegionScanner.Batch batch = scan(new Scan(), rows("a", "b", "c")).next(limits(10), Waiting.ALLOWED);
    assertEquals(3, batch.results().size());
    assertCounts(3, 0, batch);
  }

  @Test
  void eachBatchCountsItsOwnRows() throws IOException {
    RegionScanner scanner = scan(new Scan(), rows("a", "b", "c"));
    assertCounts(2, 0, scanner.next(limits(2), Waiting.ALLOWED));
    assertCounts(1, 0, scanner.next(limits(2), Waiting.ALLOWED));
  }

  @Test
  void piecesOfARowCountOneEach() throws IOException {
    List<Cell> cells = List.of(cell("a", "q1", "v"), cell("a", "q2", "v"), cell("a", "q3", "v"));
    RegionScanner.Batch batch = scan(new Scan().setBatch(1), cells).next(limits(10), Waiting.ALLOWED);
    assertEquals(3, batch.results().size());
    assertCounts(3, 0, batch);
  }

  @Test
  void rowsDroppedBetweenReturnedRowsAreFilteredReads() throws IOException {
    List<Cell> cells = List.of(cell("a", "q", "keep"), cell("b", "q", "drop"), cell("c", "q", "keep"));
    RegionScanner.Batch batch = scan(new Scan().setFilter(keepValue()), cells).next(limits(10), Waiting.ALLOWED);
    assertEquals(2, batch.results().size());
    assertCounts(2, 1, batch);
  }

  @Test
  void aSearchThatDropsTheLastRowsCountsOneMoreRead() throws IOException {
    List<Cell> cells = List.of(cell("a", "q", "keep"), cell("b", "q", "drop"), cell("c", "q", "drop"));
    RegionScanner.Batch batch = scan(new Scan().setFilter(keepValue()), cells).next(limits(10), Waiting.ALLOWED);
    assertEquals(1, batch.results().size());
    assertCounts(2, 2, batch);
  }

  @Test
  void rowsRejectedByKeyAreFilteredReads() throws IOException {
    RegionScanner.Batch batch = scan(new Scan().setFilter(new PrefixFilter(toBytes("b"))), rows("a", "b", "c"))
        .next(limits(10), Waiting.ALLOWED);
    assertEquals(1, batch.results().size());
    assertCounts(2, 2, batch);
  }

  @Test
  void anEmptyRegionCountsOneRead() throws IOException {
    assertCounts(1, 0, scan(new Scan(), List.of()).next(limits(10), Waiting.ALLOWED));
  }

  @Test
  void aGetCountsOneReadFoundOrNot() throws IOException {
    assertCounts(1, 0, get("a", rows("a")).next(ScanLimits.oneRow(), Waiting.ALLOWED));
    assertCounts(1, 0, get("a", List.of()).next(ScanLimits.oneRow(), Waiting.ALLOWED));
    Get filtered = new Get(toBytes("a"));
    filtered.setFilter(keepValue());
    RowScanner scanner = new RowScanner(REGION, new ListRowSource(List.of(cell("a", "q", "drop"))),
        ReadSpec.forGet(filtered, SCHEMA, REGION, NOW), 0);
    assertCounts(1, 1, scanner.next(ScanLimits.oneRow(), Waiting.ALLOWED));
  }

  @Test
  void aBatchOfIntegerMaxValueAfterASizeCutReturnsTheRestOfTheRow() throws IOException {
    List<Cell> cells = List.of(cell("a", "q1", "v"), cell("a", "q2", "v"), cell("a", "q3", "v"),
        cell("b", "q1", "v"));
    // CopyTable's batch; the byte limit cuts the row after its first cell, so the next piece starts at offset 1.
    RowScanner scanner = scan(new Scan().setBatch(Integer.MAX_VALUE), cells);
    long oneCell = cells.get(0).getSerializedSize() + Integer.BYTES;
    RegionScanner.Batch first = scanner.next(new ScanLimits(10, Integer.MAX_VALUE, oneCell, true, 0), Waiting.ALLOWED);
    assertEquals(1, first.results().size());
    assertEquals(true, first.results().get(0).mayHaveMoreCellsInRow());
    RegionScanner.Batch rest = scanner.next(new ScanLimits(10, Integer.MAX_VALUE, Long.MAX_VALUE, true, 0),
        Waiting.ALLOWED);
    assertEquals(2, rest.results().size());
    assertEquals(2, rest.results().get(0).size(), "the rest of row a in one piece");
    assertEquals(1, rest.results().get(1).size());
  }

  @Test
  void pieceEndNeverOverflows() {
    assertEquals(10, RowScanner.pieceEnd(10, 3, Integer.MAX_VALUE));
    assertEquals(5, RowScanner.pieceEnd(10, 3, 2));
    assertEquals(10, RowScanner.pieceEnd(10, 8, 2));
    assertEquals(10, RowScanner.pieceEnd(10, 3, 0));
    assertEquals(Integer.MAX_VALUE, RowScanner.pieceEnd(Integer.MAX_VALUE, Integer.MAX_VALUE - 1, Integer.MAX_VALUE));
  }

  private static void assertCounts(int readRequests, int filteredRows, RegionScanner.Batch batch) {
    assertEquals(readRequests, batch.readRequests(), "read requests");
    assertEquals(filteredRows, batch.filteredRows(), "filtered rows");
  }

  private static ValueFilter keepValue() {
    return new ValueFilter(CompareOperator.EQUAL, new BinaryComparator(toBytes("keep")));
  }

  private static RowScanner scan(Scan scan, List<Cell> cells) throws IOException {
    return new RowScanner(REGION, new ListRowSource(cells), ReadSpec.forScan(scan, SCHEMA, REGION, NOW),
        scan.getBatch());
  }

  private static RowScanner get(String row, List<Cell> cells) throws IOException {
    return new RowScanner(REGION, new ListRowSource(cells),
        ReadSpec.forGet(new Get(toBytes(row)), SCHEMA, REGION, NOW), 0);
  }

  private static ScanLimits limits(int maxResults) {
    return new ScanLimits(maxResults, Integer.MAX_VALUE, Long.MAX_VALUE, false, 0);
  }

  private static List<Cell> rows(String... rows) {
    List<Cell> cells = new ArrayList<>();
    for (String row : rows) {
      cells.add(cell(row, "q", "v"));
    }
    return cells;
  }

  private static Cell cell(String row, String qualifier, String value) {
    return new KeyValue(toBytes(row), F, toBytes(qualifier), 1, KeyValue.Type.Put, toBytes(value));
  }
}
