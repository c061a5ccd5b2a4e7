package io.basalt.tools.snapshot;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.KeyValueUtil;
import org.apache.hadoop.hbase.PrivateCellUtil;
import org.apache.hadoop.hbase.Tag;
import org.apache.hadoop.hbase.TagType;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The cells a region's files stand for, counted cell by cell: what the verification falls back on when a region's
 * table count differs from its files' entry counts, to tell the differences that are meant to be from a loss. Two
 * kinds are: a cell of the same coordinates and type in two files (or twice in one) is one cell to HBase's reads
 * and to the load alike; and a cell whose TTL (its family's, or its own TTL tag) has run out is left out of every
 * scan, raw ones too, on HBase as on Basalt, though its file still holds it until a compaction. A family keeping
 * MIN_VERSIONS keeps some expired cells, so expired cells are counted as ones that may be missing.
 */
final class ExactCellCount {
  /** Cells after collapsing equal ones, and how many of those had expired when counted. */
  record Count(long files, long distinct, long expired) {}

  private final Configuration conf;
  private final TableDescriptor table;

  ExactCellCount(Configuration conf, TableDescriptor table) {
    this.conf = conf;
    this.table = table;
  }

  /** Reads every cell of a region's files (each reference's half only), family by family. */
  Count of(List<SnapshotFile> files, long now) throws IOException {
    Map<byte[], List<SnapshotFile>> byFamily = new TreeMap<>(Bytes.BYTES_COMPARATOR);
    for (SnapshotFile file : files) {
      byFamily.computeIfAbsent(file.family(), family -> new ArrayList<>()).add(file);
    }
    long all = 0;
    long distinct = 0;
    long expired = 0;
    for (Map.Entry<byte[], List<SnapshotFile>> family : byFamily.entrySet()) {
      ColumnFamilyDescriptor descriptor = table.getColumnFamily(family.getKey());
      long ttlMillis = descriptor == null || descriptor.getTimeToLive() == HConstants.FOREVER ? Long.MAX_VALUE
          : descriptor.getTimeToLive() * 1000L;
      List<StoreFileCells> open = new ArrayList<>();
      try {
        CellComparator cellOrder = CellComparator.getInstance();
        PriorityQueue<Head> heads = new PriorityQueue<>(Comparator.<Head, Cell>comparing(Head::cell,
            (a, b) -> cellOrder.compare(a, b, true)).thenComparingInt(Head::order));
        for (SnapshotFile file : family.getValue()) {
          StoreFileCells cells = StoreFileCells.open(file, conf);
          open.add(cells);
          Head first = Head.next(cells, open.size());
          if (first != null) {
            heads.add(first);
          }
        }
        Cell last = null;
        while (!heads.isEmpty()) {
          Head head = heads.poll();
          all++;
          if (last == null || cellOrder.compare(head.cell(), last, true) != 0) {
            distinct++;
            if (isExpired(head.cell(), ttlMillis, now)) {
              expired++;
            }
            last = head.cell();
          }
          Head next = Head.next(head.cells(), head.order());
          if (next != null) {
            heads.add(next);
          }
        }
      } finally {
        for (StoreFileCells cells : open) {
          cells.close();
        }
      }
    }
    return new Count(all, distinct, expired);
  }

  /** HBase's test: a cell's own TTL (from its timestamp) first, else its family's. */
  private static boolean isExpired(Cell cell, long familyTtlMillis, long now) {
    Optional<Tag> ttl = PrivateCellUtil.getTag(cell, TagType.TTL_TAG_TYPE);
    if (ttl.isPresent()) {
      long cellTtl = Tag.getValueAsLong(ttl.get());
      return cell.getTimestamp() + cellTtl < now;
    }
    return familyTtlMillis != Long.MAX_VALUE && cell.getTimestamp() < now - familyTtlMillis;
  }

  /** A file's current cell, copied (the reader reuses its blocks), and the file's place in the merge. */
  private record Head(StoreFileCells cells, Cell cell, int order) {
    static Head next(StoreFileCells cells, int order) throws IOException {
      Cell cell = cells.next();
      return cell == null ? null : new Head(cells, KeyValueUtil.copyToNewKeyValue(cell), order);
    }
  }
}
