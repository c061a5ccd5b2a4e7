package io.basalt.benchmarks.ycsb;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.NavigableMap;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;

/** Moves YCSB's field maps in and out of HBase cells: a field is a qualifier of the one column family. */
final class RowConversions {
  private RowConversions() {}

  static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  /** Copies one family's cells (qualifier to value) into YCSB's result map. */
  static void copyFamily(NavigableMap<byte[], byte[]> family, Map<String, ByteIterator> into) {
    if (family == null) {
      return;
    }
    for (Map.Entry<byte[], byte[]> cell : family.entrySet()) {
      into.put(new String(cell.getKey(), StandardCharsets.UTF_8), new ByteArrayByteIterator(cell.getValue()));
    }
  }
}
