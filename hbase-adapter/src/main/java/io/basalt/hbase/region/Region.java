package io.basalt.hbase.region;

import io.basalt.hbase.compaction.TabletCompaction;
import io.basalt.hbase.read.RegionScanner;
import io.basalt.hbase.stats.CompactionBacklog;
import io.basalt.hbase.write.MutationOutcome;
import io.basalt.hbase.write.NoncedMutation;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.CheckAndMutateResult;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Scan;

/** A region as ClientService addresses it: a user tablet, or the virtual hbase:meta region. */
public interface Region {
  RegionInfo info();

  /** Whether the region serves requests (a disabled table's regions do not). */
  boolean isOnline();

  /** Makes the region's recent writes durable in sorted files (HBase's memstore flush). */
  void flush() throws IOException;

  /**
   * Compacts the region now: drops what HBase's compaction would (see {@code TabletCompaction}) and rewrites its
   * files. Returns early, having changed only whole rows, once {@code cancelled} says so.
   *
   * @param major drop delete markers too, as HBase's major compaction does
   * @param family the one family to compact, or null for all of them
   * @return what the compaction dropped and kept; empty when the region was not compacted because it is not open
   */
  Optional<TabletCompaction.Outcome> compact(boolean major, byte[] family, BooleanSupplier cancelled)
      throws IOException;

  /** What the region has accumulated for its next compaction: the measure of what one may find to drop. */
  CompactionBacklog compactionBacklog();

  /** Reads one row. */
  Result get(Get get) throws IOException;

  /** Opens a scan of this region's part of the scan's range. */
  RegionScanner openScanner(Scan scan) throws IOException;

  /**
   * Applies independent Puts, Deletes, Increments and Appends. A mutation that is invalid on its own fails alone.
   *
   * @return per mutation, its result (the new cells of an Increment or Append) or its error
   */
  List<MutationOutcome> mutateBatch(List<NoncedMutation> mutations, long nonceGroup) throws IOException;

  /** Applies mutations of one row atomically; returns the new cells of its Increments and Appends, or null. */
  Result mutateRow(List<Mutation> mutations, long nonceGroup, long nonce) throws IOException;

  CheckAndMutateResult checkAndMutate(CheckAndMutate checkAndMutate, long nonceGroup, long nonce)
      throws IOException;

  /** Applies one mutation; returns its result, empty for a Put or Delete. */
  default Result mutate(Mutation mutation, long nonceGroup, long nonce) throws IOException {
    MutationOutcome outcome = mutateBatch(List.of(new NoncedMutation(mutation, nonce)), nonceGroup).get(0);
    if (outcome.error() != null) {
      throw outcome.error();
    }
    return outcome.result();
  }
}
