package io.basalt.conformance.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.io.IOException;
import java.util.Random;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Rows "row00000", "row00001", ... with one cell in each of a table's families, whose values differ by row and family
 * (so a read of the wrong cell shows), written and read back through a stock client.
 */
final class RowsInEveryFamily {
  private final byte[][] families;
  private final byte[] qualifier;
  private final int valueBytes;

  /** Values of {@code valueBytes} random bytes each, or short text ("v12-a") when it is 0. */
  RowsInEveryFamily(byte[][] families, byte[] qualifier, int valueBytes) {
    this.families = families;
    this.qualifier = qualifier;
    this.valueBytes = valueBytes;
  }

  static byte[] row(int i) {
    return Bytes.toBytes(String.format("row%05d", i));
  }

  byte[] value(int i, byte[] family) {
    if (valueBytes == 0) {
      return Bytes.toBytes("v" + i + "-" + Bytes.toString(family));
    }
    byte[] value = new byte[valueBytes];
    new Random(i * 31L + family[0]).nextBytes(value);
    return value;
  }

  /** Puts rows [from, to), one put per row. */
  void write(Table table, int from, int to) throws IOException {
    for (int i = from; i < to; i++) {
      Put put = new Put(row(i));
      for (byte[] family : families) {
        put.addColumn(family, qualifier, value(i, family));
      }
      table.put(put);
    }
  }

  /** Asserts that rows [from, to) read back with every family's value. */
  void assertPresent(Table table, int from, int to) throws IOException {
    for (int i = from; i < to; i++) {
      Result result = table.get(new Get(row(i)));
      for (byte[] family : families) {
        assertArrayEquals(value(i, family), result.getValue(family, qualifier),
            "row " + i + " family " + Bytes.toString(family));
      }
    }
  }
}
