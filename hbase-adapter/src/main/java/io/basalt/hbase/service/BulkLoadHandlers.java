package io.basalt.hbase.service;

import io.basalt.hbase.bulkload.BulkLoader;
import io.basalt.hbase.region.Region;
import io.basalt.hbase.region.RegionResolver;
import io.basalt.hbase.region.TabletRegion;
import io.basalt.hbase.rpc.CallContext;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.BulkLoadHFileRequest;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.BulkLoadHFileResponse;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.CleanupBulkLoadRequest;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.CleanupBulkLoadResponse;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.PrepareBulkLoadRequest;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.PrepareBulkLoadResponse;

/**
 * ClientService's bulk load: PrepareBulkLoad hands out a token, BulkLoadHFile loads a region's HFiles
 * ({@link BulkLoader}), CleanupBulkLoad ends the load. HBase's tool calls them in that order, the first and last on
 * the table's first region. Basalt stages nothing between the calls (it reads each file where the client wrote
 * it), so the token only names the load in the log, and cleaning up has nothing to remove.
 */
final class BulkLoadHandlers {
  private final RegionResolver regions;
  private final BulkLoader loader;

  BulkLoadHandlers(RegionResolver regions, BulkLoader loader) {
    this.regions = regions;
    this.loader = loader;
  }

  PrepareBulkLoadResponse prepare(CallContext call, PrepareBulkLoadRequest request) throws IOException {
    TabletRegion region = tabletRegion(regions.resolve(request.getRegion()));
    return PrepareBulkLoadResponse.newBuilder().setBulkToken(loader.prepare(region.info(), call.user().shortName()))
        .build();
  }

  BulkLoadHFileResponse load(CallContext call, BulkLoadHFileRequest request) throws IOException {
    TabletRegion region = tabletRegion(regions.resolve(request.getRegion()));
    List<BulkLoader.FamilyFile> files = new ArrayList<>(request.getFamilyPathCount());
    for (BulkLoadHFileRequest.FamilyPath file : request.getFamilyPathList()) {
      files.add(new BulkLoader.FamilyFile(file.getFamily().toByteArray(), file.getPath()));
    }
    // HBase's region server assigns a sequence number to every load that comes with a token (what its tool sends),
    // whatever the request's assign_seq_num says; only a load without one is taken at its word.
    boolean assignSequence = request.hasBulkToken() || request.getAssignSeqNum();
    boolean loaded = loader.load(region, files, assignSequence);
    return BulkLoadHFileResponse.newBuilder().setLoaded(loaded).build();
  }

  CleanupBulkLoadResponse cleanup(CallContext call, CleanupBulkLoadRequest request) throws IOException {
    tabletRegion(regions.resolve(request.getRegion()));
    return CleanupBulkLoadResponse.getDefaultInstance();
  }

  /** The region as a table's tablet: hbase:meta takes no bulk load. */
  private TabletRegion tabletRegion(Region region) throws DoNotRetryIOException {
    if (region instanceof TabletRegion tablet) {
      return tablet;
    }
    throw new DoNotRetryIOException("cannot bulk load into " + region.info().getRegionNameAsString());
  }
}
