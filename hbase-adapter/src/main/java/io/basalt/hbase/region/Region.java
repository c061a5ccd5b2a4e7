package io.basalt.hbase.region;

import io.basalt.hbase.compaction.Compactable;
import io.basalt.hbase.read.FamilySchema;
import io.basalt.hbase.read.RegionScanner;
import io.basalt.hbase.write.MutationOutcome;
import io.basalt.hbase.write.NoncedMutation;
import io.basalt.storage.data.Waiting;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.CheckAndMutateResult;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Scan;

/**
 * A region as ClientService addresses it: a user tablet, or the virtual hbase:meta region.
 *
 * <p>Each read and write says whether it may wait. One that must not ({@link Waiting#REFUSED}) throws {@link
 * io.basalt.storage.errors.WouldBlockException} where it would wait, before it has written, counted or registered anything,
 * so that the same call can run again allowed to wait.
 */
public interface Region extends Compactable {
  @Override
  RegionInfo info();

  /** The table's families as the region serves them: what a read naming no family reads. */
  FamilySchema families();

  /** Whether the region serves requests (a disabled table's regions do not). */
  @Override
  boolean isOnline();

  /** Makes the region's recent writes durable in sorted files (HBase's memstore flush). */
  void flush() throws IOException;

  /** Reads one row. */
  Result get(Get get, Waiting waiting) throws IOException;

  /**
   * Opens a scan of this region's part of the scan's range. A scan opened refusing to wait reads its batches
   * without waiting for as long as it can (see {@link RegionScanner#readsWithoutWaiting}).
   */
  RegionScanner openScanner(Scan scan, Waiting waiting) throws IOException;

  /**
   * Applies independent Puts, Deletes, Increments and Appends. A mutation that is invalid on its own fails alone.
   *
   * @return per mutation, its result (the new cells of an Increment or Append) or its error
   */
  List<MutationOutcome> mutateBatch(List<NoncedMutation> mutations, long nonceGroup, Waiting waiting)
      throws IOException;

  /** Applies mutations of one row atomically; returns the new cells of its Increments and Appends, or null. */
  Result mutateRow(List<Mutation> mutations, long nonceGroup, long nonce, Waiting waiting) throws IOException;

  CheckAndMutateResult checkAndMutate(CheckAndMutate checkAndMutate, long nonceGroup, long nonce, Waiting waiting)
      throws IOException;

  /** Applies one mutation; returns its result, empty for a Put or Delete. */
  default Result mutate(Mutation mutation, long nonceGroup, long nonce, Waiting waiting) throws IOException {
    MutationOutcome outcome = mutateBatch(List.of(new NoncedMutation(mutation, nonce)), nonceGroup, waiting)
        .get(0);
    if (outcome.error() != null) {
      throw outcome.error();
    }
    return outcome.result();
  }
}
