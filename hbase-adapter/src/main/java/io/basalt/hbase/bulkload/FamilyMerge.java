package io.basalt.hbase.bulkload;

import java.io.IOException;
import java.util.List;
import java.util.PriorityQueue;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.PrivateCellUtil;

/**
 * The cells of one family's HFiles as one sorted stream, in HBase's order ({@link CellComparator}, sequence ids
 * left out): the files of one family in a bulk load may overlap, and the family's cells go into one file of the
 * store, which takes them in order. Of cells with equal coordinates and type, only the first is given: the one of
 * the file named first, as the same call loaded them together.
 *
 * <p>A cell given is the reader's own, valid until the next call: its source moves on only then. Only the key of
 * the cell given last is copied, to tell a repeat of it: copying whole cells (values and all) before their sources
 * moved on was one of the per-cell copies that took 29 % of a profiled 1 GiB load (docs/benchmarks.md, bulk load).
 */
final class FamilyMerge {
  private final PriorityQueue<Head> heads;
  private final CellComparator cells = CellComparator.getInstance();
  /** The source of the cell given last, moved on at the next call. */
  private Head given;
  private KeyValue.KeyOnlyKeyValue lastKey;
  private long duplicates;

  /** A source resting on its current cell, and the order the request named it in. */
  private record Head(HFileSource source, int order) {}

  private FamilyMerge(PriorityQueue<Head> heads) {
    this.heads = heads;
  }

  /** Positions each source on its first cell; the caller closes the sources. */
  static FamilyMerge of(List<HFileSource> sources) throws IOException {
    CellComparator comparator = CellComparator.getInstance();
    PriorityQueue<Head> heads = new PriorityQueue<>(Math.max(1, sources.size()), (a, b) -> {
      int order = comparator.compare(a.source().cell(), b.source().cell(), true);
      return order != 0 ? order : Integer.compare(a.order(), b.order());
    });
    for (int i = 0; i < sources.size(); i++) {
      if (sources.get(i).advance()) {
        heads.add(new Head(sources.get(i), i));
      }
    }
    return new FamilyMerge(heads);
  }

  /** The next cell, or null after the last; valid until the next call. */
  Cell next() throws IOException {
    if (given != null) {
      if (given.source().advance()) {
        heads.add(given);
      }
      given = null;
    }
    while (!heads.isEmpty()) {
      Head head = heads.poll();
      Cell cell = head.source().cell();
      if (lastKey != null && cells.compare(cell, lastKey, true) == 0) {
        duplicates++;
        if (head.source().advance()) {
          heads.add(head);
        }
        continue;
      }
      lastKey = new KeyValue.KeyOnlyKeyValue(PrivateCellUtil.getCellKeySerializedAsKeyValueKey(cell));
      given = head;
      return cell;
    }
    return null;
  }

  /** Cells passed over for having the coordinates and type of the cell before them. */
  long duplicates() {
    return duplicates;
  }
}
