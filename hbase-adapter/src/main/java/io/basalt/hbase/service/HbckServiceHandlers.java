package io.basalt.hbase.service;

import io.basalt.hbase.rpc.ServiceBinding;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.shaded.protobuf.generated.MasterProtos.HbckService;
import org.apache.hadoop.hbase.shaded.protobuf.generated.MasterProtos;

/**
 * HbckService, the master's repair service that HBCK2 and the shell's {@code hbck_chore_run} call (clients reach it
 * on the master's address, here the one port). The questions it answers have true answers on one server whose
 * hbase:meta is computed from the catalog: meta can hold no hole, overlap or stale region state, the one server is
 * live and known, and every procedure finished inside its call. The methods that would override the state of a
 * table or region in meta without opening or closing anything, reassign single regions or expire the live server
 * are refused: on Basalt a table's state and its regions being served are one thing.
 */
final class HbckServiceHandlers {
  ServiceBinding binding() {
    return ServiceBinding.of(HbckService.getDescriptor())
        .on("RunHbckChore", MasterProtos.RunHbckChoreRequest.getDefaultInstance(),
            // HBase answers false only when a run is already going on; the check here has nothing to wait for.
            (call, request) -> MasterProtos.RunHbckChoreResponse.newBuilder().setRan(true).build())
        .on("FixMeta", MasterProtos.FixMetaRequest.getDefaultInstance(),
            // HBase fixes the holes and overlaps its catalog janitor found; tablets always tile, so there are none.
            (call, request) -> MasterProtos.FixMetaResponse.getDefaultInstance())
        .on("ScheduleSCPsForUnknownServers", MasterProtos.ScheduleSCPsForUnknownServersRequest.getDefaultInstance(),
            // Every region is on the one live server, so no region names a server the master does not know.
            (call, request) -> MasterProtos.ScheduleSCPsForUnknownServersResponse.getDefaultInstance())
        .on("BypassProcedure", MasterProtos.BypassProcedureRequest.getDefaultInstance(), (call, request) -> {
          if (request.getWaitTime() <= 0) {
            throw new DoNotRetryIOException("lockWait should be positive");
          }
          // HBase bypasses nothing for a procedure that is unknown or already finished, and answers false for it.
          MasterProtos.BypassProcedureResponse.Builder response = MasterProtos.BypassProcedureResponse.newBuilder();
          for (int i = 0; i < request.getProcIdCount(); i++) {
            response.addBypassed(false);
          }
          return response.build();
        })
        .build();
  }
}
