package io.basalt.hbase.testing;

import io.basalt.hbase.compaction.CompactionBacklog;
import io.basalt.hbase.compaction.TabletCompaction;
import io.basalt.hbase.read.FamilySchema;
import io.basalt.hbase.read.RegionScanner;
import io.basalt.hbase.region.Region;
import io.basalt.hbase.write.MutationOutcome;
import io.basalt.hbase.write.NoncedMutation;
import io.basalt.storage.data.Waiting;
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

/**
 * A region that does what another does, under a name of its own, so that a test can change one of its operations
 * (make it fail part-way, say) and reach it through a {@link io.basalt.hbase.region.RegionDirectory} as a client
 * would. Served in the place of hbase:meta, the one region a directory takes from outside the catalog.
 */
public class ForwardingRegion implements Region {
  private final Region region;
  private final RegionInfo info;

  /** @param info a region of a table not in the catalog, so its name is its own */
  public ForwardingRegion(Region region, RegionInfo info) {
    this.region = region;
    this.info = info;
  }

  @Override
  public RegionInfo info() {
    return info;
  }

  @Override
  public FamilySchema families() {
    return region.families();
  }

  @Override
  public boolean isOnline() {
    return region.isOnline();
  }

  @Override
  public void flush() throws IOException {
    region.flush();
  }

  @Override
  public Optional<TabletCompaction.Outcome> compact(boolean major, byte[] family, BooleanSupplier cancelled)
      throws IOException {
    return region.compact(major, family, cancelled);
  }

  @Override
  public CompactionBacklog compactionBacklog() {
    return region.compactionBacklog();
  }

  @Override
  public Result get(Get get, Waiting waiting) throws IOException {
    return region.get(get, waiting);
  }

  @Override
  public RegionScanner openScanner(Scan scan, Waiting waiting) throws IOException {
    return region.openScanner(scan, waiting);
  }

  @Override
  public List<MutationOutcome> mutateBatch(List<NoncedMutation> mutations, long nonceGroup, Waiting waiting)
      throws IOException {
    return region.mutateBatch(mutations, nonceGroup, waiting);
  }

  @Override
  public Result mutateRow(List<Mutation> mutations, long nonceGroup, long nonce, Waiting waiting)
      throws IOException {
    return region.mutateRow(mutations, nonceGroup, nonce, waiting);
  }

  @Override
  public CheckAndMutateResult checkAndMutate(CheckAndMutate checkAndMutate, long nonceGroup, long nonce,
      Waiting waiting) throws IOException {
    return region.checkAndMutate(checkAndMutate, nonceGroup, nonce, waiting);
  }
}
