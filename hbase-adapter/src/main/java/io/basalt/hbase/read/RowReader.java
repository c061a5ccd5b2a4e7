package io.basalt.hbase.read;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.KeyValue;

/**
 * Applies HBase's visibility rules to the raw cells of one row: family and column selection, time range, delete
 * markers (which hide older puts even when written later), per-column version limits and TTL. Raw reads return
 * markers and hidden cells too, bounded only by time range and version count.
 */
public final class RowReader {
  private final ReadSpec spec;
  private final DeleteTracker deletes = new DeleteTracker();

  public RowReader(ReadSpec spec) {
    this.spec = spec;
  }

  /** The visible cells of the source's current row, in HBase cell order; empty if none are visible. */
  public List<Cell> readRow(RowSource source) throws IOException {
    List<Cell> visible = new ArrayList<>();
    byte[] family = null;
    ReadSpec.FamilyRules rules = null;
    byte[] qualifier = null;
    int versions = 0;
    while (source.nextCell()) {
      byte[] cellFamily = source.family();
      if (family == null || !Arrays.equals(family, cellFamily)) {
        family = cellFamily;
        rules = spec.family(family);
        qualifier = null;
        deletes.startFamily();
        if (rules == null) {
          source.skipFamily();
          continue;
        }
      }
      byte[] cellQualifier = source.qualifier();
      if (qualifier == null || !Arrays.equals(qualifier, cellQualifier)) {
        qualifier = cellQualifier;
        versions = 0;
        deletes.startColumn();
      }
      long timestamp = source.timestamp();
      byte type = source.typeByte();
      if (spec.isRaw()) {
        if (rules.wantsColumn(qualifier) && rules.timeRange().withinTimeRange(timestamp)) {
          if (versions++ < rules.maxVersions()) {
            visible.add(source.cell());
          } else {
            source.skipColumn();
          }
        }
        continue;
      }
      if (type != KeyValue.Type.Put.getCode()) {
        // A marker newer than the range still hides older cells; one older than the range hides nothing returned.
        if (rules.timeRange().withinOrAfterTimeRange(timestamp)) {
          deletes.add(type, timestamp);
        }
        continue;
      }
      if (!rules.wantsColumn(qualifier)) {
        source.skipColumn();
        continue;
      }
      int position = rules.timeRange().compare(timestamp);
      if (position > 0) {
        continue; // newer than the range: an older version may still be in it
      }
      if (position < 0 || timestamp < rules.oldestVisible()) {
        source.skipColumn(); // every later version is older still
        continue;
      }
      if (deletes.isDeleted(timestamp)) {
        if (deletes.restOfColumnDeleted(timestamp)) {
          source.skipColumn();
        }
        continue;
      }
      visible.add(source.cell());
      if (++versions >= rules.maxVersions()) {
        source.skipColumn();
      }
    }
    return visible;
  }
}
