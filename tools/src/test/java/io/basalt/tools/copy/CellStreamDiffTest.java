package io.basalt.tools.copy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

class CellStreamDiffTest {
  private static KeyValue put(String row, String qualifier, long ts, String value) {
    return new KeyValue(Bytes.toBytes(row), Bytes.toBytes("f"), Bytes.toBytes(qualifier), ts, Bytes.toBytes(value));
  }

  private static KeyValue marker(String row, String qualifier, long ts, KeyValue.Type type) {
    return new KeyValue(Bytes.toBytes(row), Bytes.toBytes("f"), Bytes.toBytes(qualifier), ts, type);
  }

  @Test
  void equalStreamsHaveNoDifferences() throws IOException {
    List<KeyValue> cells = List.of(put("a", "q", 9, "v9"), put("a", "q", 5, "v5"),
        marker("b", "q", 7, KeyValue.Type.DeleteColumn), put("b", "q", 3, "hidden"));
    Differences differences = new Differences(10);
    CellStreamDiff.compare(CellStreamDiff.of(cells.iterator()), CellStreamDiff.of(cells.iterator()), differences);
    assertEquals(0, differences.count());
    assertEquals(4, differences.equalCells());
  }

  @Test
  void findsMissingExtraAndChangedCellsWithoutLosingItsPlace() throws IOException {
    List<KeyValue> source = List.of(put("a", "q", 9, "v9"), put("a", "q", 5, "v5"),
        marker("b", "q", 7, KeyValue.Type.DeleteColumn), put("c", "q", 1, "same"));
    List<KeyValue> target = List.of(put("a", "q", 9, "changed"),
        marker("b", "q", 7, KeyValue.Type.Delete), put("c", "q", 1, "same"), put("d", "q", 1, "extra"));
    Differences differences = new Differences(10);
    CellStreamDiff.compare(CellStreamDiff.of(source.iterator()), CellStreamDiff.of(target.iterator()), differences);
    // a/q/9 changed; a/q/5 missing; b's marker has another type (one missing, one extra); d extra; c equal.
    assertEquals(5, differences.count(), differences.examples().toString());
    assertEquals(1, differences.equalCells());
    assertTrue(differences.examples().get(0).startsWith("value differs: a/f:q/9/Put value v9"),
        differences.examples().toString());
    assertTrue(differences.examples().contains("only on the source: a/f:q/5/Put value v5"),
        differences.examples().toString());
    assertTrue(differences.examples().contains("only on the target: d/f:q/1/Put value extra"),
        differences.examples().toString());
  }

  @Test
  void keepsOnlyTheFirstExamplesButCountsEverything() throws IOException {
    List<KeyValue> source = List.of(put("a", "1", 1, "x"), put("a", "2", 1, "x"), put("a", "3", 1, "x"));
    Differences differences = new Differences(2);
    CellStreamDiff.compare(CellStreamDiff.of(source.iterator()), CellStreamDiff.of(List.<KeyValue>of().iterator()),
        differences);
    assertEquals(3, differences.count());
    assertEquals(2, differences.examples().size());
  }
}
