package io.basalt.conformance;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Scans with a batch of {@code Integer.MAX_VALUE}, CopyTable's default, over a table of several megabytes whose
 * rows the response size limit cuts: every cell comes back, once, in order. The batch had been added to the offset
 * of the row's next piece and overflowed as soon as a row was cut.
 */
class LargeRowScanTest {
  @RegisterExtension
  static final ConnectedBasalt BASALT = new ConnectedBasalt();

  private static final byte[] F = toBytes("f");
  private static final int ROWS = 30;
  private static final int CELLS_PER_ROW = 50;
  /** 30 rows of 50 cells of 4 KB: 6 MB, three times the client's default 2 MB per scan call. */
  private static final int VALUE_BYTES = 4096;

  private static Table table;

  @BeforeAll
  static void load() throws IOException {
    table = BASALT.createTable("large_rows", "f");
    for (int r = 0; r < ROWS; r++) {
      Put put = new Put(row(r));
      for (int c = 0; c < CELLS_PER_ROW; c++) {
        put.addColumn(F, qualifier(c), value(r, c));
      }
      table.put(put);
    }
  }

  @Test
  void batchOfIntegerMaxValueUnderTheDefaultSizeLimitReturnsEveryCell() throws IOException {
    assertEveryCell(new Scan().setBatch(Integer.MAX_VALUE).setCaching(500), false);
  }

  @Test
  void batchOfIntegerMaxValueWithSmallResponsesCutsEveryRowAndLosesNothing() throws IOException {
    // 40 KB per call: each row (200 KB) is cut several times, each cut at a cell past its row's start.
    assertEveryCell(new Scan().setBatch(Integer.MAX_VALUE).setMaxResultSize(40 * 1024), false);
  }

  @Test
  void partialResultsWithABatchOfIntegerMaxValueAddUpToEveryCell() throws IOException {
    assertEveryCell(new Scan().setBatch(Integer.MAX_VALUE).setMaxResultSize(40 * 1024)
        .setAllowPartialResults(true), true);
  }

  /** Reads the whole table with the scan and checks each cell, in order, against what was written. */
  private static void assertEveryCell(Scan scan, boolean partials) throws IOException {
    List<Cell> cells = new ArrayList<>();
    int results = 0;
    try (ResultScanner scanner = table.getScanner(scan)) {
      for (Result result : scanner) {
        results++;
        cells.addAll(Arrays.asList(result.rawCells()));
      }
    }
    assertEquals(ROWS * CELLS_PER_ROW, cells.size(), "every cell, once");
    for (int i = 0; i < cells.size(); i++) {
      int r = i / CELLS_PER_ROW;
      int c = i % CELLS_PER_ROW;
      Cell cell = cells.get(i);
      assertArrayEquals(row(r), CellUtil.cloneRow(cell), "row of cell " + i);
      assertArrayEquals(qualifier(c), CellUtil.cloneQualifier(cell), "qualifier of cell " + i);
      assertArrayEquals(value(r, c), CellUtil.cloneValue(cell), "value of cell " + i);
    }
    if (partials) {
      assertTrue(results > ROWS, "rows came in pieces: " + results + " results");
    } else {
      assertEquals(ROWS, results, "the client put every cut row back together");
    }
  }

  private static byte[] row(int r) {
    return toBytes(String.format("row%03d", r));
  }

  private static byte[] qualifier(int c) {
    return toBytes(String.format("q%03d", c));
  }

  private static byte[] value(int r, int c) {
    byte[] value = new byte[VALUE_BYTES];
    Arrays.fill(value, (byte) (r * CELLS_PER_ROW + c));
    System.arraycopy(Bytes.toBytes(r * CELLS_PER_ROW + c), 0, value, 0, Integer.BYTES);
    return value;
  }
}
