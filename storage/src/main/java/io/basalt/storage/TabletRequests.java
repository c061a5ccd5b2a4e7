package io.basalt.storage;

import io.basalt.storage.catalog.FamilyDefinition;
import io.basalt.storage.catalog.TableDefinition;
import io.basalt.storage.catalog.TabletDefinition;
import io.basalt.storage.data.RowMutation;
import io.basalt.storage.data.RowRange;
import io.basalt.storage.errors.NotLeaderException;
import io.basalt.storage.errors.StorageException;
import io.basalt.storage.keys.ByteArrays;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.ratis.protocol.RaftGroupId;

/**
 * How this node's tables write to and read from their tablets' Raft groups in cluster mode: each request goes to the
 * log (or read barrier) of the tablet holding its rows, through {@link StoreReplication}'s Raft node, and a write is
 * decided against this node's catalog index, which every replica waits for before applying it.
 */
final class TabletRequests implements TabletGroups {
  private final StoreReplication replication;

  TabletRequests(StoreReplication replication) {
    this.replication = replication;
  }

  @Override
  public void write(TableDefinition table, List<RowMutation> mutations, byte[] note) throws StorageException {
    TabletDefinition tablet = table.tabletFor(mutations.get(0).row());
    RaftGroupId group = replication.groupOf(table.id(), tablet);
    if (replication.fences().of(group) != null) {
      throw new NotLeaderException(StoreReplication.describe(table, tablet) + " is being split or merged", 0);
    }
    for (RowMutation mutation : mutations) {
      if (!tablet.contains(mutation.row())) {
        throw new NotLeaderException("rows of table " + table.name() + " in two tablets at once (split since "
            + "the client located them)", 0);
      }
    }
    // A batch larger than an entry goes as several, split between rows: HBase applies each row of a batch whole,
    // not the batch. Should a later one find the tablet fenced, the client retries the batch, rows written before
    // included, as it does after any failure of a batch's call.
    for (byte[] entry : TabletEntries.encodeWrites(table.id(), decidedAt(table), mutations, note,
        replication.node().entryMaxBytes())) {
      byte[] answer = replication.node().submit(group, entry, StoreReplication.describe(table, tablet));
      if (Arrays.equals(answer, TabletEntries.FENCED)) {
        // Appended after the tablet's fence, so applied nowhere: the writer looks the tablet up again and retries.
        throw new NotLeaderException(StoreReplication.describe(table, tablet) + " is being split or merged", 0);
      }
    }
  }

  /**
   * Writes mutations this node decided from its own replica to each row's tablet through the tablet's leader,
   * wherever it is; those for a tablet being split or merged are left out. Only for writes that stay right whatever
   * the leader holds beyond what this replica has applied: a flush's or a compaction's erasures of exact cells,
   * which the leader would find to be garbage too (more versions or markers only add to it), and which a retry
   * applies again harmlessly.
   */
  @Override
  public void writeThroughLeaders(TableDefinition table, List<RowMutation> mutations, byte[] note)
      throws StorageException {
    appendThroughLeaders(table, mutations, note, false);
  }

  @Override
  public void writeAtLeaders(TableDefinition table, List<RowMutation> mutations) throws StorageException {
    appendThroughLeaders(table, mutations, new byte[0], true);
  }

  /**
   * Each tablet's part of the mutations through its leader; a tablet being split or merged gets none, and with
   * {@code fencedRefused} ends the call with {@link NotLeaderException}, so that the writer finds the tablets
   * replacing it and writes its rows there.
   */
  private void appendThroughLeaders(TableDefinition table, List<RowMutation> mutations, byte[] note,
      boolean fencedRefused) throws StorageException {
    Map<TabletDefinition, List<RowMutation>> byTablet = new LinkedHashMap<>();
    for (RowMutation mutation : mutations) {
      byTablet.computeIfAbsent(table.tabletFor(mutation.row()), tablet -> new ArrayList<>()).add(mutation);
    }
    long decidedAt = decidedAt(table);
    for (Map.Entry<TabletDefinition, List<RowMutation>> tablet : byTablet.entrySet()) {
      RaftGroupId group = replication.groupOf(table.id(), tablet.getKey());
      String what = StoreReplication.describe(table, tablet.getKey());
      if (replication.fences().of(group) != null) {
        if (fencedRefused) {
          throw new NotLeaderException(what + " is being split or merged", 0);
        }
        continue;
      }
      for (byte[] entry : TabletEntries.encodeWrites(table.id(), decidedAt, tablet.getValue(), note,
          replication.node().entryMaxBytes())) {
        byte[] answer = replication.node().submitThroughLeader(group, entry, what);
        if (fencedRefused && Arrays.equals(answer, TabletEntries.FENCED)) {
          throw new NotLeaderException(what + " is being split or merged", 0);
        }
      }
    }
  }

  @Override
  public void eraseRows(TableDefinition table, byte[] lowRow, byte[] highRow) throws StorageException {
    for (TabletDefinition tablet : table.tablets()) {
      if (!tablet.overlaps(lowRow, highRow)) {
        continue;
      }
      // The range clipped to the tablet (an empty high row is the open end).
      byte[] low = ByteArrays.compare(lowRow, tablet.startRow()) > 0 ? lowRow : tablet.startRow();
      byte[] high = highRow.length > 0 && (tablet.endRow().length == 0
          || ByteArrays.compare(highRow, tablet.endRow()) < 0) ? highRow : tablet.endRow();
      byte[] answer = replication.node().submitThroughLeader(replication.groupOf(table.id(), tablet), TabletEntries.encodeEraseRows(
          new TabletEntries.EraseRows(table.id(), low, high)), "erasing rows of " + StoreReplication.describe(table, tablet));
      if (Arrays.equals(answer, TabletEntries.FENCED)) {
        throw new NotLeaderException(StoreReplication.describe(table, tablet) + " is being split or merged", 0);
      }
    }
  }

  /**
   * The catalog index a write is decided against: as this node applied the catalog, and at least the entries that
   * created the families it writes (the definition can be a step ahead of the recorded index while an entry is
   * applied).
   */
  private long decidedAt(TableDefinition table) {
    long decidedAt = replication.catalogApplied();
    for (FamilyDefinition family : table.families()) {
      decidedAt = Math.max(decidedAt, family.createdAt());
    }
    return decidedAt;
  }

  /**
   * Appends to the log of each of the table's tablets, through its leader, an entry no replica applies before its
   * catalog holds what this node's does (a write of nothing, decided at this node's catalog index). A read passes a
   * read barrier on its tablet's leader, which waits for the entries committed before the read: once this returns,
   * no replica answers a read by a definition of the table older than this node's, as HBase's schema change
   * returns once the regions have reopened with the new one.
   */
  void publishDefinition(TableDefinition table) throws StorageException {
    byte[] entry = TabletEntries.encodeWrite(table.id(), decidedAt(table), List.of(), new byte[0]);
    for (TabletDefinition tablet : table.tablets()) {
      replication.node().submitThroughLeader(replication.groupOf(table.id(), tablet), entry,
          "publishing the definition of " + StoreReplication.describe(table, tablet));
    }
  }

  @Override
  public void flush(TableDefinition table) throws StorageException {
    byte[] entry = TabletEntries.encodeFlush(new TabletEntries.Flush(table.id()));
    for (TabletDefinition tablet : table.tablets()) {
      replication.node().submitThroughLeader(replication.groupOf(table.id(), tablet), entry, "flushing " + StoreReplication.describe(table, tablet));
    }
  }

  @Override
  public void catchUp(TableDefinition table, RowRange range) throws StorageException {
    for (TabletDefinition tablet : table.tablets()) {
      if (tablet.overlaps(range.lowRow(), range.highRow())) {
        replication.node().catchUp(replication.groupOf(table.id(), tablet), StoreReplication.describe(table, tablet));
      }
    }
  }

  @Override
  public void readBarrier(TableDefinition table, RowRange range) throws StorageException {
    for (TabletDefinition tablet : table.tablets()) {
      if (tablet.overlaps(range.lowRow(), range.highRow())) {
        replication.node().readBarrier(replication.groupOf(table.id(), tablet), StoreReplication.describe(table, tablet));
      }
    }
  }

  @Override
  public long timestampFloor(TableDefinition table, byte[] row) throws StorageException {
    return replication.timestampFloors().floor(replication.groupOf(table.id(), table.tabletFor(row)));
  }
}
