package io.basalt.hbase.keyviz;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class KeyDiagnosticsTest {

  @Test
  void aHotSpotWithANarrowBucketInsideIsOneRange() {
    // The average bucket has 46 operations, a hot one 138 or more: g, i and l are hot, h, j and k between them
    // warm (above the average) as a bucket cut a few rows wide or sampled unluckily inside a hot spot is.
    List<KeyDiagnostics.HotRange> ranges = KeyDiagnostics.hotRanges("t",
        List.of(column(10, 10, 10, 10, 10, 10, 200, 60, 200, 60, 60, 200, 10, 10, 10, 10, 10, 10, 10, 10)));
    assertEquals(List.of("g-m"), names(ranges));
    assertEquals(780, ranges.get(0).operations());
    assertEquals(780 / 920.0, ranges.get(0).share(), 1e-9);
  }

  @Test
  void hotSpotsApartAreSeparateRangesBusiestFirst() {
    // The average bucket has 256.5 operations, a hot one 769.4 or more. A cold bucket (c) between two hot runs
    // parts them, and so do three warm ones (i, j, k).
    List<KeyDiagnostics.HotRange> ranges = KeyDiagnostics.hotRanges("t", List.of(column(1000, 1000, 1, 2100, 1, 1,
        1, 800, 300, 300, 300, 850, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1)));
    assertEquals(List.of("d-e", "-c", "l-m", "h-i"), names(ranges));
  }

  @Test
  void aHotLastBucketRunsToTheTablesEnd() {
    List<KeyDiagnostics.HotRange> ranges = KeyDiagnostics.hotRanges("t",
        List.of(column(1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 100)));
    assertEquals(List.of("t-"), names(ranges), "the range's end is the table's");
  }

  @Test
  void olderColumnsAreSpreadOverTheLatestBucketsTheyOverlap() {
    // The table's first minute, in one bucket before it was measured, is no hot spot at its start; a minute cut
    // coarser than the latest (one bucket for d-h) adds its operations to d, e, f and g alike.
    List<KeyDiagnostics.HotRange> ranges = KeyDiagnostics.hotRanges("t", List.of(
        new ActivityColumn("t", 0, 1, KeyBuckets.whole(), new long[] {2000}, new long[1], new long[1], new long[1],
            List.of(), List.of()),
        new ActivityColumn("t", 60_000, 1, KeyBuckets.startingAt(List.of(b("d"), b("h"))), new long[] {0, 4000, 0},
            new long[3], new long[3], new long[3], List.of(), List.of()),
        column(1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1)));
    assertEquals(List.of("d-h"), names(ranges));
    assertEquals(4000 + 4 * 100 + 4, ranges.get(0).operations());
  }

  /** Each range as its start and end rows. */
  private static List<String> names(List<KeyDiagnostics.HotRange> ranges) {
    return ranges.stream().map(range -> text(range.startRow()) + "-" + text(range.endRow())).toList();
  }

  /** A minute of buckets starting at "", b, c, ... with the given operations. */
  private static ActivityColumn column(long... operations) {
    List<byte[]> cuts = new ArrayList<>();
    for (char start = 'b'; start < 'a' + operations.length; start++) {
      cuts.add(new byte[] {(byte) start});
    }
    int n = operations.length;
    return new ActivityColumn("t", 0, 1, KeyBuckets.startingAt(cuts), operations, new long[n], new long[n],
        new long[n], List.of(), List.of());
  }

  private static byte[] b(String row) {
    return row.getBytes(UTF_8);
  }

  private static String text(byte[] row) {
    return new String(row, UTF_8);
  }
}
