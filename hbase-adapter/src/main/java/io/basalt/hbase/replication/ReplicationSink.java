package io.basalt.hbase.replication;

import io.basalt.hbase.read.CellTtls;
import io.basalt.hbase.region.Region;
import io.basalt.hbase.region.RegionDirectory;
import io.basalt.hbase.region.TabletRegion;
import io.basalt.hbase.write.MutationOutcome;
import io.basalt.hbase.write.NoncedMutation;
import io.basalt.storage.data.Waiting;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellScanner;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.TableNotEnabledException;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.shaded.protobuf.generated.AdminProtos.WALEntry;
import org.apache.hadoop.hbase.shaded.protobuf.generated.HBaseProtos;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.hbase.wal.WALEdit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Basalt as the sink of an HBase cluster's replication: the WAL entries a source region server ships (AdminService
 * ReplicateWALEntry) applied as the writes they record, as HBase's own sink applies them. Each entry's cells, in
 * order, become Puts and Deletes, a new one wherever the row or the kind of cell changes (and, since Basalt keeps a
 * put's TTL per mutation, wherever a put cell's TTL tag changes); each keeps the timestamps the source gave it, so
 * applying an entry twice (a source retrying after a lost answer) stores the same cells again and changes nothing.
 * Each table's mutations go to its regions in the order they came, each region's as one batch.
 *
 * <p>In cluster mode a region's edits are written on the node they reach, through each tablet's leader wherever it
 * is ({@code TabletRegion#writeReplicatedEdits}): a source sends its edits to any region server it found under
 * the peer's {@code rs} znode, as HBase's sink then writes them through a client to whichever server holds each
 * region. A tablet being split or merged refuses its rows with NotServingRegionException, and the source sends the
 * call again (rows written before it are written again, which changes nothing).
 *
 * <p>Cells of WAL bookkeeping (HBase's {@code METAFAMILY}: region events, replication markers) carry no data and are
 * passed over. A bulk load the source replicates (it does only with {@code hbase.replication.bulkload.enabled}) is
 * refused: it names HFiles on the source cluster's file system, which Basalt cannot read; the source retries and
 * logs the refusal until the peer is configured without it.
 */
public final class ReplicationSink {
  private static final Logger LOG = LoggerFactory.getLogger(ReplicationSink.class);

  private final RegionDirectory regions;

  public ReplicationSink(RegionDirectory regions) {
    this.regions = regions;
  }

  /**
   * Applies the entries, whose cells follow in {@code cells} ({@code associated_cell_count} each), or those written
   * in the entries themselves by older sources.
   *
   * @return the mutations applied
   */
  public int replicate(List<WALEntry> entries, CellScanner cells) throws IOException {
    Map<TableName, List<Mutation>> byTable = new LinkedHashMap<>();
    for (WALEntry entry : entries) {
      TableName table = TableName.valueOf(entry.getKey().getTableName().toByteArray());
      List<UUID> clusters = clusterIds(entry);
      List<Mutation> mutations = byTable.computeIfAbsent(table, name -> new ArrayList<>());
      Mutation current = null;
      long currentTtl = CellTtls.NONE;
      for (Cell cell : cellsOf(entry, cells)) {
        if (CellUtil.matchingFamily(cell, WALEdit.METAFAMILY)) {
          if (CellUtil.matchingQualifier(cell, WALEdit.BULK_LOAD)) {
            throw new DoNotRetryIOException("a replicated bulk load of table " + table + " names HFiles on the"
                + " source cluster's file system, which Basalt cannot read; replicate to Basalt without"
                + " hbase.replication.bulkload.enabled and load the files with BulkLoadHFilesTool");
          }
          continue;
        }
        boolean delete = CellUtil.isDelete(cell);
        long ttl = delete ? CellTtls.NONE : CellTtls.of(cell);
        if (current == null || !CellUtil.matchingRows(cell, current.getRow()) || delete != current instanceof Delete
            || ttl != currentTtl) {
          current = delete ? new Delete(CellUtil.cloneRow(cell)) : new Put(CellUtil.cloneRow(cell));
          current.setClusterIds(clusters);
          if (ttl != CellTtls.NONE) {
            current.setTTL(ttl);
          }
          currentTtl = ttl;
          mutations.add(current);
        }
        if (current instanceof Delete deletion) {
          deletion.add(cell);
        } else {
          ((Put) current).add(cell);
        }
      }
    }
    // Every region is found before anything is applied, so that a table Basalt lacks refuses the call whole.
    List<Map<Region, List<NoncedMutation>>> byRegion = new ArrayList<>();
    for (Map.Entry<TableName, List<Mutation>> table : byTable.entrySet()) {
      byRegion.add(regionsOf(table.getKey(), table.getValue()));
    }
    int applied = 0;
    for (Map<Region, List<NoncedMutation>> table : byRegion) {
      applied += apply(table);
    }
    return applied;
  }

  /** The cells of one entry: from the call's cell block, or, from a source that wrote them there, the entry. */
  private static List<Cell> cellsOf(WALEntry entry, CellScanner cells) throws IOException {
    List<Cell> of = new ArrayList<>(entry.getAssociatedCellCount());
    if (entry.getKeyValueBytesCount() > 0) {
      for (var bytes : entry.getKeyValueBytesList()) {
        of.add(new KeyValue(bytes.toByteArray()));
      }
      return of;
    }
    for (int i = 0; i < entry.getAssociatedCellCount(); i++) {
      if (cells == null || !cells.advance()) {
        throw new DoNotRetryIOException("a replicated WAL entry of " + entry.getKey().getTableName().toStringUtf8()
            + " announced " + entry.getAssociatedCellCount() + " cells and the call carried " + i);
      }
      of.add(cells.current());
    }
    return of;
  }

  private static List<UUID> clusterIds(WALEntry entry) {
    List<UUID> ids = new ArrayList<>();
    for (HBaseProtos.UUID id : entry.getKey().getClusterIdsList()) {
      ids.add(new UUID(id.getMostSigBits(), id.getLeastSigBits()));
    }
    return ids;
  }

  /** A table's mutations by the region holding their rows, in the order they came. */
  private Map<Region, List<NoncedMutation>> regionsOf(TableName table, List<Mutation> mutations) throws IOException {
    Map<Region, List<NoncedMutation>> byRegion = new LinkedHashMap<>();
    for (Mutation mutation : mutations) {
      Region region = regions.forRow(table, mutation.getRow());
      if (!region.isOnline()) {
        throw new TableNotEnabledException(table);
      }
      byRegion.computeIfAbsent(region, r -> new ArrayList<>())
          .add(new NoncedMutation(mutation, HConstants.NO_NONCE));
    }
    return byRegion;
  }

  /** Applies a table's mutations, each region's in order as one batch; fails on the first that fails. */
  private int apply(Map<Region, List<NoncedMutation>> byRegion) throws IOException {
    int applied = 0;
    for (Map.Entry<Region, List<NoncedMutation>> region : byRegion.entrySet()) {
      if (region.getKey() instanceof TabletRegion tablet && tablet.table().storage().isReplicated()) {
        tablet.writeReplicatedEdits(region.getValue());
        applied += region.getValue().size();
        continue;
      }
      List<MutationOutcome> outcomes = region.getKey().mutateBatch(region.getValue(), HConstants.NO_NONCE,
          Waiting.ALLOWED);
      for (int i = 0; i < outcomes.size(); i++) {
        if (outcomes.get(i).error() != null) {
          LOG.warn("A replicated {} of row {} in {} failed; the source will send it again",
              region.getValue().get(i).mutation().getClass().getSimpleName(),
              Bytes.toStringBinary(region.getValue().get(i).mutation().getRow()),
              region.getKey().info().getRegionNameAsString());
          throw outcomes.get(i).error();
        }
      }
      applied += region.getValue().size();
    }
    return applied;
  }
}
