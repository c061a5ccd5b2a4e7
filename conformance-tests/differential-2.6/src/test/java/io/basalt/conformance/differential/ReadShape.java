package io.basalt.conformance.differential;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Query;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * What a Get or Scan selects, drawn once: families and columns, versions, a time range or exact timestamp, and
 * per-family limits. Applied to a fresh request for each server.
 */
final class ReadShape {
  private final List<byte[][]> columns = new ArrayList<>();
  private final int versions;
  private final long minStamp;
  private final long maxStamp;
  private final long exactStamp;
  private final int perFamilyLimit;
  private final int perFamilyOffset;

  ReadShape(Vocabulary words) {
    int selections = words.chance(60) ? 0 : words.between(1, 3);
    for (int i = 0; i < selections; i++) {
      byte[] family = words.anyFamily();
      columns.add(new byte[][] {family, words.chance(50) ? null : words.qualifier(family)});
    }
    versions = words.chance(50) ? 1 : words.between(2, 5);
    if (words.chance(20)) {
      long low = words.between(0, Vocabulary.MAX_TIMESTAMP);
      minStamp = low;
      maxStamp = words.chance(20) ? Long.MAX_VALUE : low + words.between(1, 20);
      exactStamp = -1;
    } else {
      minStamp = -1;
      maxStamp = -1;
      exactStamp = words.chance(5) ? words.timestamp() : -1;
    }
    perFamilyLimit = words.chance(8) ? words.between(1, 3) : -1;
    perFamilyOffset = words.chance(5) ? words.between(1, 2) : -1;
  }

  /** Whether the read names a column (not only whole families), which makes HBase seek its store files lazily. */
  boolean namesColumns() {
    return columns.stream().anyMatch(column -> column[1] != null);
  }

  void applyTo(Get get) throws IOException {
    for (byte[][] column : columns) {
      if (column[1] == null) {
        get.addFamily(column[0]);
      } else {
        get.addColumn(column[0], column[1]);
      }
    }
    get.readVersions(versions);
    applyTimes(get);
    if (minStamp < 0 && exactStamp >= 0) {
      get.setTimestamp(exactStamp);
    }
    if (perFamilyLimit > 0) {
      get.setMaxResultsPerColumnFamily(perFamilyLimit);
    }
    if (perFamilyOffset > 0) {
      get.setRowOffsetPerColumnFamily(perFamilyOffset);
    }
  }

  void applyTo(Scan scan) throws IOException {
    for (byte[][] column : columns) {
      if (column[1] == null) {
        scan.addFamily(column[0]);
      } else {
        scan.addColumn(column[0], column[1]);
      }
    }
    scan.readVersions(versions);
    applyTimes(scan);
    if (minStamp < 0 && exactStamp >= 0) {
      scan.setTimestamp(exactStamp);
    }
    if (perFamilyLimit > 0) {
      scan.setMaxResultsPerColumnFamily(perFamilyLimit);
    }
    if (perFamilyOffset > 0) {
      scan.setRowOffsetPerColumnFamily(perFamilyOffset);
    }
  }

  private void applyTimes(Query query) throws IOException {
    if (minStamp >= 0) {
      if (query instanceof Get get) {
        get.setTimeRange(minStamp, maxStamp);
      } else {
        ((Scan) query).setTimeRange(minStamp, maxStamp);
      }
    }
  }

  @Override
  public String toString() {
    StringBuilder text = new StringBuilder();
    for (byte[][] column : columns) {
      text.append(Bytes.toString(column[0])).append(':').append(column[1] == null ? "*" : Bytes.toString(column[1]))
          .append(' ');
    }
    text.append("versions=").append(versions);
    if (minStamp >= 0) {
      text.append(" time=[").append(minStamp).append(',').append(maxStamp).append(')');
    } else if (exactStamp >= 0) {
      text.append(" ts=").append(exactStamp);
    }
    if (perFamilyLimit > 0) {
      text.append(" perFamilyLimit=").append(perFamilyLimit);
    }
    if (perFamilyOffset > 0) {
      text.append(" perFamilyOffset=").append(perFamilyOffset);
    }
    return text.toString();
  }
}
