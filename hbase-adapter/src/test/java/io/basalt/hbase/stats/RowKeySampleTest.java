package io.basalt.hbase.stats;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

class RowKeySampleTest {
  @Test
  void emptySampleHasNoMedian() {
    assertTrue(new RowKeySample(4, 1).median().isEmpty());
  }

  @Test
  void medianIsTheMiddleRowInByteOrder() {
    RowKeySample sample = new RowKeySample(8, 1);
    for (String row : List.of("m", "a", "z", "c", "x")) {
      sample.offer(toBytes(row));
    }
    assertEquals(List.of("a", "c", "m", "x", "z"), strings(sample.rows()));
    assertArrayEquals(toBytes("m"), sample.median().orElseThrow());
    sample.offer(toBytes("b"));
    assertArrayEquals(toBytes("m"), sample.median().orElseThrow(), "the upper middle of an even count");
  }

  @Test
  void rowsCompareAsUnsignedBytes() {
    RowKeySample sample = new RowKeySample(4, 1);
    sample.offer(new byte[] {(byte) 0x80});
    sample.offer(new byte[] {0x01});
    sample.offer(new byte[] {(byte) 0xFF});
    assertArrayEquals(new byte[] {(byte) 0x80}, sample.median().orElseThrow());
  }

  @Test
  void newRowsReplaceTheOldestOnceFull() {
    RowKeySample sample = new RowKeySample(3, 1);
    for (String row : List.of("a", "b", "c", "x", "y")) {
      sample.offer(toBytes(row));
    }
    assertEquals(List.of("c", "x", "y"), strings(sample.rows()));
    assertEquals(5, sample.keptCount());
  }

  @Test
  void keepsACopyOfThePartOfferedOnly() {
    RowKeySample sample = new RowKeySample(2, 1);
    byte[] buffer = toBytes("--row--");
    sample.offer(buffer, 2, 3);
    buffer[2] = 'X';
    assertEquals(List.of("row"), strings(sample.rows()));
  }

  @Test
  void keepsAboutOneRowInAPeriod() {
    RowKeySample sample = new RowKeySample(16, 8);
    for (int i = 0; i < 80_000; i++) {
      sample.offer(toBytes(i));
    }
    // 10,000 expected; the binomial standard deviation is under 100.
    assertTrue(Math.abs(sample.keptCount() - 10_000) < 1_000, "kept " + sample.keptCount());
    assertEquals(16, sample.rows().size());
  }

  private static List<String> strings(List<byte[]> rows) {
    return rows.stream().map(Bytes::toString).toList();
  }
}
