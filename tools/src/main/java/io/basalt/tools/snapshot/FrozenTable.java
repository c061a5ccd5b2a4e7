package io.basalt.tools.snapshot;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.regex.Pattern;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.SnapshotDescription;
import org.apache.hadoop.hbase.client.SnapshotType;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The table as of one moment, for the export to read while writes to it go on: a Basalt snapshot of the table,
 * cloned into a temporary table beside it (same namespace). Basalt takes a snapshot by reading every family through
 * one RocksDB snapshot, so the copy is consistent across regions and families, and a clone shares the snapshot's
 * files (a link per family), so the whole costs one pass over the table's cells inside the server. A scan of the
 * live table bounded by a time range would not be one moment: a delete, or a put with an explicit older timestamp,
 * made during the export would show in the regions read after it and not in those read before, and the region
 * boundaries could move under the scan.
 *
 * <p>Both temporaries have names that say what they are ({@code basalt-export-<8 hex>}, and the table's name with
 * {@code -export-<8 hex>}); {@link #drop()} removes them, and so does a failure while taking them, whichever step
 * it stopped at.
 */
final class FrozenTable {
  private final Admin admin;
  private final TableName table;
  private final String snapshot;
  private final TableName clone;
  private boolean snapshotTaken;
  private boolean cloneCreated;
  private long takenAt;
  private TableDescriptor descriptor;
  private List<RegionInfo> regions;

  private FrozenTable(Admin admin, TableName table) {
    this.admin = admin;
    this.table = table;
    String suffix = UUID.randomUUID().toString().substring(0, 8);
    this.snapshot = "basalt-export-" + suffix;
    this.clone = TableName.valueOf(table.getNamespaceAsString(), table.getQualifierAsString() + "-export-" + suffix);
  }

  /** Snapshots {@code table} and clones the snapshot; on failure nothing of either is left. */
  static FrozenTable take(Admin admin, TableName table) throws IOException {
    FrozenTable frozen = new FrozenTable(admin, table);
    try {
      frozen.snapshotAndClone();
      return frozen;
    } catch (IOException | RuntimeException e) {
      try {
        InterruptOnShutdown.uninterrupted(frozen::drop);
      } catch (IOException dropFailed) {
        e.addSuppressed(dropFailed);
        throw new ExportException("cannot take the table as of one moment (" + e.getMessage() + "), and removing"
            + " what was taken failed too: " + dropFailed.getMessage(), e);
      }
      throw e;
    }
  }

  private void snapshotAndClone() throws IOException {
    try {
      admin.snapshot(new SnapshotDescription(snapshot, table, SnapshotType.FLUSH));
    } finally {
      // Also after a failure: the server may have taken it before the call failed (a timeout, an interrupt).
      snapshotTaken = true;
    }
    takenAt = creationTime();
    try {
      admin.cloneSnapshot(snapshot, clone);
    } finally {
      cloneCreated = true;
    }
    descriptor = TableDescriptorBuilder.copy(table, admin.getDescriptor(clone));
    regions = servingRegions();
  }

  private long creationTime() throws IOException {
    for (SnapshotDescription taken : admin.listSnapshots(Pattern.compile(Pattern.quote(snapshot)))) {
      if (taken.getName().equals(snapshot)) {
        return taken.getCreationTime();
      }
    }
    throw new ExportException("the snapshot " + snapshot + " just taken of " + table + " is not listed");
  }

  /** The clone's regions in key order, checked to cover every row once. */
  private List<RegionInfo> servingRegions() throws IOException {
    List<RegionInfo> serving = new ArrayList<>();
    for (RegionInfo region : admin.getRegions(clone)) {
      if (region.getReplicaId() == RegionInfo.DEFAULT_REPLICA_ID && !region.isSplitParent() && !region.isOffline()) {
        serving.add(region);
      }
    }
    serving.sort(Comparator.comparing(RegionInfo::getStartKey, Bytes.BYTES_COMPARATOR));
    byte[] expected = new byte[0];
    for (RegionInfo region : serving) {
      if (!Bytes.equals(expected, region.getStartKey())) {
        throw new ExportException("the regions of " + clone + " do not cover its rows: after '"
            + Bytes.toStringBinary(expected) + "' the next starts at '" + Bytes.toStringBinary(region.getStartKey())
            + "'");
      }
      expected = region.getEndKey();
    }
    if (serving.isEmpty() || expected.length != 0) {
      throw new ExportException("the regions of " + clone + " do not reach the end of its rows");
    }
    return List.copyOf(serving);
  }

  /** The temporary table to read. */
  TableName cloneName() {
    return clone;
  }

  /** The Basalt snapshot it was cloned from. */
  String snapshot() {
    return snapshot;
  }

  /** When the snapshot was taken, in milliseconds since the epoch. */
  long takenAt() {
    return takenAt;
  }

  /** The table's schema at that moment, under the table's own name. */
  TableDescriptor descriptor() {
    return descriptor;
  }

  /** The clone's regions, in key order: the table's at that moment. */
  List<RegionInfo> regions() {
    return regions;
  }

  /**
   * Drops the clone and deletes the snapshot, those of them that exist; throws, naming what is left and how to
   * remove it, if either fails.
   */
  void drop() throws IOException {
    List<String> left = new ArrayList<>();
    IOException failure = null;
    if (cloneCreated) {
      try {
        if (admin.tableExists(clone)) {
          if (admin.isTableEnabled(clone)) {
            admin.disableTable(clone);
          }
          admin.deleteTable(clone);
        }
        cloneCreated = false;
      } catch (IOException e) {
        failure = e;
        left.add(String.format(Locale.ROOT, "table %s (disable '%s'; drop '%s')", clone, clone, clone));
      }
    }
    if (snapshotTaken) {
      try {
        if (!admin.listSnapshots(Pattern.compile(Pattern.quote(snapshot))).isEmpty()) {
          admin.deleteSnapshot(snapshot);
        }
        snapshotTaken = false;
      } catch (IOException e) {
        failure = failure == null ? e : failure;
        left.add(String.format(Locale.ROOT, "snapshot %s (delete_snapshot '%s')", snapshot, snapshot));
      }
    }
    if (failure != null) {
      throw new ExportException("could not remove the export's temporary " + String.join(" and ", left) + ": "
          + failure.getMessage(), failure);
    }
  }
}
