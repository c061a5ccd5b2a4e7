package io.basalt.tools.copy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.util.Bytes;

/** What a comparison of one table found: counts of each kind of difference, and the first few in words. */
final class Differences {
  private static final int VALUE_BYTES_SHOWN = 32;

  private final int kept;
  private final List<String> examples = new ArrayList<>();
  private final AtomicLong equalCells = new AtomicLong();
  private final AtomicLong onlyInSource = new AtomicLong();
  private final AtomicLong onlyInTarget = new AtomicLong();
  private final AtomicLong valueDiffers = new AtomicLong();
  private final AtomicLong schemaDifferences = new AtomicLong();

  Differences(int kept) {
    this.kept = kept;
  }

  void equal() {
    equalCells.incrementAndGet();
  }

  void onlyInSource(Cell cell) {
    onlyInSource.incrementAndGet();
    example("only on the source: " + describe(cell));
  }

  void onlyInTarget(Cell cell) {
    onlyInTarget.incrementAndGet();
    example("only on the target: " + describe(cell));
  }

  void valueDiffers(Cell source, Cell target) {
    valueDiffers.incrementAndGet();
    example("value differs: " + describe(source) + " on the source, value " + value(target) + " on the target");
  }

  void schema(String difference) {
    schemaDifferences.incrementAndGet();
    example("schema: " + difference);
  }

  long count() {
    return onlyInSource.get() + onlyInTarget.get() + valueDiffers.get() + schemaDifferences.get();
  }

  long equalCells() {
    return equalCells.get();
  }

  synchronized List<String> examples() {
    return List.copyOf(examples);
  }

  String summary() {
    return String.format("%,d cells equal; %,d only on the source, %,d only on the target, %,d with another value,"
        + " %,d schema differences", equalCells.get(), onlyInSource.get(), onlyInTarget.get(), valueDiffers.get(),
        schemaDifferences.get());
  }

  private synchronized void example(String text) {
    if (examples.size() < kept) {
      examples.add(text);
    }
  }

  private static String describe(Cell cell) {
    return Bytes.toStringBinary(CellUtil.cloneRow(cell)) + "/" + Bytes.toStringBinary(CellUtil.cloneFamily(cell))
        + ":" + Bytes.toStringBinary(CellUtil.cloneQualifier(cell)) + "/" + cell.getTimestamp() + "/"
        + cell.getType() + (cell.getType() == Cell.Type.Put ? " value " + value(cell) : "");
  }

  private static String value(Cell cell) {
    byte[] value = CellUtil.cloneValue(cell);
    String shown = Bytes.toStringBinary(value, 0, Math.min(value.length, VALUE_BYTES_SHOWN));
    return value.length > VALUE_BYTES_SHOWN ? shown + "... (" + value.length + " bytes)" : shown;
  }
}
