package io.basalt.hbase.region;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.hbase.read.RegionScanner;
import io.basalt.hbase.read.ScanLimits;
import io.basalt.hbase.testing.ServedTables;
import io.basalt.storage.data.Waiting;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.NotServingRegionException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.exceptions.FailedSanityCheckException;
import org.apache.hadoop.hbase.regionserver.WrongRegionException;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tablet's region reads only its own rows: every scan is cut to the tablet's range, forwards and backwards, with
 * the scan's inclusive and exclusive bounds kept; a get of a row elsewhere is a WrongRegionException, and a
 * disabled table's region serves nothing.
 */
class TabletRegionRangeTest {
  private static final TableName TABLE = TableName.valueOf("t");
  private static final byte[] F = toBytes("f");
  // Split at "b" and "d": the middle region holds b, bb and c.
  private static final List<String> ROWS = List.of("a", "b", "bb", "c", "d", "e");

  @TempDir
  Path directory;

  private ServedTables tables;
  private Region middle;

  @BeforeEach
  void setUp() throws IOException {
    tables = ServedTables.open(directory);
    tables.create(TABLE, List.of(toBytes("b"), toBytes("d")), F);
    for (String row : ROWS) {
      Region region = tables.region(TABLE, row.compareTo("b") < 0 ? 0 : row.compareTo("d") < 0 ? 1 : 2);
      region.mutate(new Put(toBytes(row)).addColumn(F, F, toBytes("v" + row)), 0, 0, Waiting.ALLOWED);
    }
    middle = tables.region(TABLE, 1);
  }

  @AfterEach
  void tearDown() {
    tables.close();
  }

  @Test
  void aScanOfTheWholeTableReadsOnlyTheTabletsRows() throws IOException {
    assertEquals(List.of("b", "bb", "c"), scan(new Scan()));
    assertEquals(List.of("a"), scanOf(tables.region(TABLE, 0), new Scan()));
    assertEquals(List.of("d", "e"), scanOf(tables.region(TABLE, 2), new Scan()));
  }

  @Test
  void forwardBoundsInsideTheTabletAreKeptInclusiveOrExclusive() throws IOException {
    assertEquals(List.of("bb", "c"), scan(new Scan().withStartRow(toBytes("bb"))));
    assertEquals(List.of("bb", "c"), scan(new Scan().withStartRow(toBytes("b"), false)));
    assertEquals(List.of("c"), scan(new Scan().withStartRow(toBytes("bb"), false)));
    assertEquals(List.of("b", "bb"), scan(new Scan().withStopRow(toBytes("c"))));
    assertEquals(List.of("b", "bb", "c"), scan(new Scan().withStopRow(toBytes("c"), true)));
    assertEquals(List.of("bb"), scan(new Scan().withStartRow(toBytes("bb")).withStopRow(toBytes("bb"), true)));
    // A bound between rows, and bounds beyond the tablet on either side.
    assertEquals(List.of("bb", "c"), scan(new Scan().withStartRow(toBytes("ba"))));
    assertEquals(List.of("b", "bb", "c"), scan(new Scan().withStartRow(toBytes("a")).withStopRow(toBytes("z"))));
  }

  @Test
  void reversedScansReadTheTabletBackwardsWithTheirBoundsKept() throws IOException {
    assertEquals(List.of("c", "bb", "b"), scan(new Scan().setReversed(true)));
    // Reversed, the start row is the upper bound (inclusive by default) and the stop row the lower (exclusive).
    assertEquals(List.of("bb", "b"), scan(new Scan().setReversed(true).withStartRow(toBytes("bb"))));
    assertEquals(List.of("b"), scan(new Scan().setReversed(true).withStartRow(toBytes("bb"), false)));
    assertEquals(List.of("c", "bb"), scan(new Scan().setReversed(true).withStopRow(toBytes("b"))));
    assertEquals(List.of("c", "bb", "b"), scan(new Scan().setReversed(true).withStopRow(toBytes("b"), true)));
    assertEquals(List.of("c", "bb", "b"), scan(new Scan().setReversed(true).withStartRow(toBytes("z"))
        .withStopRow(toBytes("a"))));
    assertEquals(List.of("bb"), scan(new Scan().setReversed(true).withStartRow(toBytes("bz"))
        .withStopRow(toBytes("b"))));
  }

  @Test
  void aScanRangeThatMissesTheTabletFindsNothingAndEndsTheRegion() throws IOException {
    assertNothing(new Scan().withStartRow(toBytes("d")));
    assertNothing(new Scan().withStopRow(toBytes("b")));
    assertNothing(new Scan().withStartRow(toBytes("a")).withStopRow(toBytes("b")));
    assertNothing(new Scan().withStartRow(toBytes("c"), false).withStopRow(toBytes("d")));
    assertNothing(new Scan().setReversed(true).withStartRow(toBytes("a")));
    assertNothing(new Scan().setReversed(true).withStartRow(toBytes("b"), false));
    assertNothing(new Scan().setReversed(true).withStopRow(toBytes("c"), false).withStartRow(toBytes("z")));
    // Bounds the wrong way round: nothing, in either direction.
    assertNothing(new Scan().withStartRow(toBytes("c")).withStopRow(toBytes("b")));
    assertNothing(new Scan().setReversed(true).withStartRow(toBytes("b")).withStopRow(toBytes("c")));
  }

  @Test
  void aGetReadsARowOfTheTabletAndRefusesOthers() throws IOException {
    assertEquals("vbb", Bytes.toString(middle.get(new Get(toBytes("bb")), Waiting.ALLOWED).getValue(F, F)));
    assertTrue(middle.get(new Get(toBytes("ba")), Waiting.ALLOWED).isEmpty(), "a row of the tablet never written");
    assertThrows(WrongRegionException.class, () -> middle.get(new Get(toBytes("a")), Waiting.ALLOWED));
    assertThrows(WrongRegionException.class, () -> middle.get(new Get(toBytes("d")), Waiting.ALLOWED),
        "the end row belongs to the next region");
    assertEquals("vb", Bytes.toString(middle.get(new Get(toBytes("b")), Waiting.ALLOWED).getValue(F, F)),
        "the start row belongs to this one");
  }

  @Test
  void aRowOutsideTheTabletIsNotWritten() throws IOException {
    Put stray = new Put(toBytes("e")).addColumn(F, F, toBytes("stray"));
    // As HBase's region answers: a batch's sanity check failure, which clients do not retry, for a single mutation;
    // WrongRegionException for atomic and conditional ones, which check the row before anything else.
    assertThrows(FailedSanityCheckException.class, () -> middle.mutate(stray, 0, 0, Waiting.ALLOWED));
    assertThrows(WrongRegionException.class, () -> middle.mutateRow(List.of(stray), 0, 0, Waiting.ALLOWED));
    assertThrows(WrongRegionException.class, () -> middle.checkAndMutate(CheckAndMutate.newBuilder(toBytes("e"))
        .ifNotExists(F, F).build(stray), 0, 0, Waiting.ALLOWED));
    assertEquals("ve", Bytes.toString(tables.region(TABLE, 2).get(new Get(toBytes("e")), Waiting.ALLOWED)
        .getValue(F, F)));
  }

  @Test
  void aDisabledTablesRegionServesNothingAndKeepsItsRows() throws IOException {
    tables.ddl().disable(TABLE);
    Region disabled = tables.region(TABLE, 1);
    assertFalse(disabled.isOnline());
    assertThrows(NotServingRegionException.class, () -> disabled.get(new Get(toBytes("b")), Waiting.ALLOWED));
    assertThrows(NotServingRegionException.class, () -> disabled.openScanner(new Scan(), Waiting.ALLOWED));
    assertThrows(NotServingRegionException.class, () -> disabled.mutate(new Put(toBytes("b"))
        .addColumn(F, F, toBytes("while disabled")), 0, 0, Waiting.ALLOWED));
    assertThrows(NotServingRegionException.class, () -> disabled.mutateRow(List.of(new Put(toBytes("b"))
        .addColumn(F, F, toBytes("while disabled"))), 0, 0, Waiting.ALLOWED));
    tables.ddl().enable(TABLE);
    middle = tables.region(TABLE, 1);
    assertTrue(middle.isOnline());
    assertEquals(List.of("b", "bb", "c"), scan(new Scan()));
    assertEquals("vb", Bytes.toString(middle.get(new Get(toBytes("b")), Waiting.ALLOWED).getValue(F, F)));
  }

  private void assertNothing(Scan scan) throws IOException {
    try (RegionScanner scanner = middle.openScanner(scan, Waiting.ALLOWED)) {
      RegionScanner.Batch batch = scanner.next(limits(), Waiting.ALLOWED);
      assertTrue(batch.results().isEmpty(), scan.toString());
      assertFalse(batch.moreInRegion(), scan.toString());
    }
  }

  private List<String> scan(Scan scan) throws IOException {
    return scanOf(middle, scan);
  }

  /** The rows a scan returns, two per batch so that the region is read over several. */
  private static List<String> scanOf(Region region, Scan scan) throws IOException {
    List<String> rows = new ArrayList<>();
    try (RegionScanner scanner = region.openScanner(scan, Waiting.ALLOWED)) {
      RegionScanner.Batch batch;
      do {
        batch = scanner.next(new ScanLimits(2, Integer.MAX_VALUE, Long.MAX_VALUE, false, 0), Waiting.ALLOWED);
        for (Result result : batch.results()) {
          rows.add(Bytes.toString(result.getRow()));
        }
      } while (batch.moreInRegion());
    }
    return rows;
  }

  private static ScanLimits limits() {
    return new ScanLimits(100, Integer.MAX_VALUE, Long.MAX_VALUE, false, 0);
  }
}
