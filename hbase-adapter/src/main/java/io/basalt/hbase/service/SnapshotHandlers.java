package io.basalt.hbase.service;

import io.basalt.hbase.master.ClusterSwitches.Switch;
import io.basalt.hbase.master.Master;
import io.basalt.hbase.rpc.CallContext;
import io.basalt.hbase.rpc.ServiceBinding;
import io.basalt.hbase.schema.HBaseTable;
import io.basalt.hbase.write.NonceRegistry;
import java.io.IOException;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.security.access.Permission.Action;
import org.apache.hadoop.hbase.shaded.protobuf.generated.MasterProtos;
import org.apache.hadoop.hbase.shaded.protobuf.generated.SnapshotProtos.SnapshotDescription;
import org.apache.hadoop.hbase.snapshot.UnknownSnapshotException;

/**
 * MasterService's snapshot methods: take, list, check and delete snapshots, restore or clone tables from them, and
 * switch the cleanup of expired snapshots. Taking, restoring and cloning run as (already finished) master.procedures().
 */
final class SnapshotHandlers {
  /** How long HBase tells a client to wait for a snapshot (hbase.snapshot.master.timeout.millis by default). */
  private static final long EXPECTED_TIMEOUT_MILLIS = TimeUnit.MINUTES.toMillis(5);

  private final Master master;

  SnapshotHandlers(Master master) {
    this.master = master;
  }

  void register(ServiceBinding.Builder binding) {
    binding
        .on("Snapshot", MasterProtos.SnapshotRequest.getDefaultInstance(), this::snapshot)
        .on("IsSnapshotDone", MasterProtos.IsSnapshotDoneRequest.getDefaultInstance(), this::isDone)
        .on("GetCompletedSnapshots", MasterProtos.GetCompletedSnapshotsRequest.getDefaultInstance(),
            this::completed)
        .on("DeleteSnapshot", MasterProtos.DeleteSnapshotRequest.getDefaultInstance(), this::delete)
        .on("RestoreSnapshot", MasterProtos.RestoreSnapshotRequest.getDefaultInstance(), this::restore)
        .on("SwitchSnapshotCleanup", MasterProtos.SetSnapshotCleanupRequest.getDefaultInstance(),
            (call, request) -> MasterProtos.SetSnapshotCleanupResponse.newBuilder()
                .setPrevSnapshotCleanup(master.snapshotCleanup().switchCleanup(request.getEnabled(),
                    request.getSynchronous()))
                .build())
        .on("IsSnapshotCleanupEnabled", MasterProtos.IsSnapshotCleanupEnabledRequest.getDefaultInstance(),
            (call, request) -> MasterProtos.IsSnapshotCleanupEnabledResponse.newBuilder()
                .setEnabled(master.switches().get(Switch.SNAPSHOT_CLEANUP)).build());
  }

  private MasterProtos.SnapshotResponse snapshot(CallContext call, MasterProtos.SnapshotRequest request)
      throws IOException {
    SnapshotDescription snapshot = request.getSnapshot();
    if (call.permissions().checked()) {
      // With permissions checked the snapshot belongs to whoever takes it, whatever the client says.
      snapshot = snapshot.toBuilder().setOwner(call.user().shortName()).build();
    }
    SnapshotDescription taken = snapshot;
    long procId = master.procedures().run("SnapshotProcedure", call.user().shortName(),
        () -> master.snapshots().take(taken));
    return MasterProtos.SnapshotResponse.newBuilder()
        .setExpectedTimeout(EXPECTED_TIMEOUT_MILLIS)
        .setProcId(procId)
        .build();
  }

  private MasterProtos.IsSnapshotDoneResponse isDone(CallContext call, MasterProtos.IsSnapshotDoneRequest request)
      throws IOException {
    if (!request.hasSnapshot()) {
      throw new UnknownSnapshotException("No snapshot name passed in request, can't figure out which snapshot you "
          + "want to check.");
    }
    return MasterProtos.IsSnapshotDoneResponse.newBuilder()
        .setDone(true)
        .setSnapshot(master.snapshots().completed(request.getSnapshot()))
        .build();
  }

  private MasterProtos.GetCompletedSnapshotsResponse completed(CallContext call,
      MasterProtos.GetCompletedSnapshotsRequest request) throws IOException {
    MasterProtos.GetCompletedSnapshotsResponse.Builder response =
        MasterProtos.GetCompletedSnapshotsResponse.newBuilder();
    for (SnapshotDescription snapshot : master.snapshots().list()) {
      // Listed to its owner and to global admins, as HBase's AccessController leaves the list.
      if (ownedByCaller(call, snapshot) || call.permissions().allowsGlobal(Action.ADMIN)) {
        response.addSnapshots(snapshot);
      }
    }
    return response.build();
  }

  private MasterProtos.DeleteSnapshotResponse delete(CallContext call, MasterProtos.DeleteSnapshotRequest request)
      throws IOException {
    Optional<SnapshotDescription> stored = master.snapshots().find(request.getSnapshot().getName());
    if (stored.isPresent() && !ownedByCaller(call, stored.get())) {
      call.permissions().requireGlobal(Action.ADMIN);
    }
    master.snapshots().delete(request.getSnapshot());
    return MasterProtos.DeleteSnapshotResponse.getDefaultInstance();
  }

  /** Restores into the named table if it exists, clones into a new one otherwise; the master decides, as HBase's. */
  private MasterProtos.RestoreSnapshotResponse restore(CallContext call, MasterProtos.RestoreSnapshotRequest request)
      throws IOException {
    boolean restore = master.tables().table(TableName.valueOf(request.getSnapshot().getTable())).isPresent();
    TableName target = TableName.valueOf(request.getSnapshot().getTable());
    Optional<SnapshotDescription> stored = master.snapshots().find(request.getSnapshot().getName());
    if (stored.isPresent()) {
      checkRestoreOrClone(call, stored.get(), target, restore);
    }
    byte[] note = NonceRegistry.note(request.getNonceGroup(), request.getNonce());
    String owner = call.user().shortName();
    long procId = master.procedures().run(restore ? "RestoreSnapshotProcedure" : "CloneSnapshotProcedure", owner,
        () -> {
          HBaseTable table = master.snapshots().restoreOrClone(request.getSnapshot(), request.getCustomSFT(), note);
          if (!restore) {
            // A clone is a new table: its creator owns it, as the creator of any table does.
            call.permissions().tableOwnedBy(table.name(), table.descriptor().getOwnerString());
          }
        });
    return MasterProtos.RestoreSnapshotResponse.newBuilder().setProcId(procId).build();
  }

  /**
   * Who may restore or clone a snapshot, as HBase's AccessController decides: its owner restores it into a table
   * it administers, clones it under its own table's name freely and elsewhere into a namespace it administers;
   * anyone else needs global ADMIN.
   */
  private static void checkRestoreOrClone(CallContext call, SnapshotDescription snapshot, TableName target,
      boolean restore) throws IOException {
    if (!ownedByCaller(call, snapshot)) {
      call.permissions().requireGlobal(Action.ADMIN);
    } else if (restore) {
      call.permissions().requireTable(target, Action.ADMIN);
    } else if (!target.getNameAsString().equals(snapshot.getTable())) {
      call.permissions().requireNamespace(target.getNamespaceAsString(), Action.ADMIN);
    }
  }

  private static boolean ownedByCaller(CallContext call, SnapshotDescription snapshot) {
    return snapshot.hasOwner() && snapshot.getOwner().equals(call.user().shortName());
  }
}
