package io.basalt.hbase.service;

import io.basalt.hbase.master.Master;
import io.basalt.hbase.rpc.CallContext;
import io.basalt.hbase.rpc.ServiceBinding;
import io.basalt.hbase.write.NonceRegistry;
import java.io.IOException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.shaded.protobuf.ProtobufUtil;
import org.apache.hadoop.hbase.shaded.protobuf.generated.MasterProtos;

/**
 * MasterService's schema changes: modify a table, add, modify or delete a family, change a store file tracker,
 * truncate; their status.
 */
final class SchemaHandlers {
  private final Master master;

  SchemaHandlers(Master master) {
    this.master = master;
  }

  void register(ServiceBinding.Builder binding) {
    binding
        .on("ModifyTable", MasterProtos.ModifyTableRequest.getDefaultInstance(), this::modifyTable)
        .on("AddColumn", MasterProtos.AddColumnRequest.getDefaultInstance(), this::addColumn)
        .on("ModifyColumn", MasterProtos.ModifyColumnRequest.getDefaultInstance(), this::modifyColumn)
        .on("DeleteColumn", MasterProtos.DeleteColumnRequest.getDefaultInstance(), this::deleteColumn)
        .on("truncateTable", MasterProtos.TruncateTableRequest.getDefaultInstance(), this::truncateTable)
        .on("GetSchemaAlterStatus", MasterProtos.GetSchemaAlterStatusRequest.getDefaultInstance(),
            this::alterStatus)
        .on("ModifyTableStoreFileTracker", MasterProtos.ModifyTableStoreFileTrackerRequest.getDefaultInstance(),
            this::changeTableTracker)
        .on("ModifyColumnStoreFileTracker", MasterProtos.ModifyColumnStoreFileTrackerRequest.getDefaultInstance(),
            this::changeFamilyTracker);
  }

  /** Schema changes apply to every region within the RPC that makes them: none is ever left to update. */
  private MasterProtos.GetSchemaAlterStatusResponse alterStatus(CallContext call,
      MasterProtos.GetSchemaAlterStatusRequest request) throws IOException {
    TableName name = ProtobufUtil.toTableName(request.getTableName());
    return MasterProtos.GetSchemaAlterStatusResponse.newBuilder()
        .setYetToUpdateRegions(0)
        .setTotalRegions(master.tables().require(name).regions().size())
        .build();
  }

  private MasterProtos.ModifyTableResponse modifyTable(CallContext call, MasterProtos.ModifyTableRequest request)
      throws IOException {
    TableDescriptor descriptor = ProtobufUtil.toTableDescriptor(request.getTableSchema());
    byte[] note = NonceRegistry.note(request.getNonceGroup(), request.getNonce());
    long procId = master.procedures().run("ModifyTableProcedure", call.user().shortName(), () -> {
      if (SystemTableDdl.isMeta(descriptor.getTableName())) {
        SystemTableDdl.refuseModify(descriptor);
      }
      master.ddl().modify(descriptor, note);
      ownedAfterChange(call, descriptor.getTableName());
    });
    return MasterProtos.ModifyTableResponse.newBuilder().setProcId(procId).build();
  }

  private MasterProtos.AddColumnResponse addColumn(CallContext call, MasterProtos.AddColumnRequest request)
      throws IOException {
    TableName name = ProtobufUtil.toTableName(request.getTableName());
    ColumnFamilyDescriptor family = ProtobufUtil.toColumnFamilyDescriptor(request.getColumnFamilies());
    byte[] note = NonceRegistry.note(request.getNonceGroup(), request.getNonce());
    long procId = master.procedures().run("ModifyTableProcedure", call.user().shortName(), () -> {
      if (SystemTableDdl.isMeta(name)) {
        throw SystemTableDdl.unchangeable();
      }
      master.ddl().addFamily(name, family, note);
      ownedAfterChange(call, name);
    });
    return MasterProtos.AddColumnResponse.newBuilder().setProcId(procId).build();
  }

  private MasterProtos.ModifyColumnResponse modifyColumn(CallContext call, MasterProtos.ModifyColumnRequest request)
      throws IOException {
    TableName name = ProtobufUtil.toTableName(request.getTableName());
    ColumnFamilyDescriptor family = ProtobufUtil.toColumnFamilyDescriptor(request.getColumnFamilies());
    byte[] note = NonceRegistry.note(request.getNonceGroup(), request.getNonce());
    long procId = master.procedures().run("ModifyTableProcedure", call.user().shortName(), () -> {
      if (SystemTableDdl.isMeta(name)) {
        throw SystemTableDdl.unchangeable();
      }
      master.ddl().modifyFamily(name, family, note);
      ownedAfterChange(call, name);
    });
    return MasterProtos.ModifyColumnResponse.newBuilder().setProcId(procId).build();
  }

  private MasterProtos.DeleteColumnResponse deleteColumn(CallContext call, MasterProtos.DeleteColumnRequest request)
      throws IOException {
    TableName name = ProtobufUtil.toTableName(request.getTableName());
    byte[] family = request.getColumnName().toByteArray();
    byte[] note = NonceRegistry.note(request.getNonceGroup(), request.getNonce());
    long procId = master.procedures().run("ModifyTableProcedure", call.user().shortName(), () -> {
      if (SystemTableDdl.isMeta(name)) {
        SystemTableDdl.refuseDeleteFamily(family);
      }
      master.ddl().deleteFamily(name, family, note);
      ownedAfterChange(call, name);
    });
    return MasterProtos.DeleteColumnResponse.newBuilder().setProcId(procId).build();
  }

  /** {@code change_sft_all} and its kin: every family of the table that has no tracker of its own follows. */
  private MasterProtos.ModifyTableStoreFileTrackerResponse changeTableTracker(CallContext call,
      MasterProtos.ModifyTableStoreFileTrackerRequest request) throws IOException {
    TableName name = ProtobufUtil.toTableName(request.getTableName());
    long procId = master.procedures().run("ModifyTableStoreFileTrackerProcedure", call.user().shortName(), () -> {
      if (SystemTableDdl.isMeta(name)) {
        throw SystemTableDdl.unchangeable();
      }
      master.ddl().changeStoreFileTracker(name, null, request.getDstSft());
    });
    return MasterProtos.ModifyTableStoreFileTrackerResponse.newBuilder().setProcId(procId).build();
  }

  /** {@code change_sft}: one family's tracker, kept in the family's configuration. */
  private MasterProtos.ModifyColumnStoreFileTrackerResponse changeFamilyTracker(CallContext call,
      MasterProtos.ModifyColumnStoreFileTrackerRequest request) throws IOException {
    TableName name = ProtobufUtil.toTableName(request.getTableName());
    byte[] family = request.getFamily().toByteArray();
    String owner = call.user().shortName();
    long procId = master.procedures().run("ModifyColumnFamilyStoreFileTrackerProcedure", owner, () -> {
      if (SystemTableDdl.isMeta(name)) {
        throw SystemTableDdl.unchangeable();
      }
      master.ddl().changeStoreFileTracker(name, family, request.getDstSft());
    });
    return MasterProtos.ModifyColumnStoreFileTrackerResponse.newBuilder().setProcId(procId).build();
  }

  private MasterProtos.TruncateTableResponse truncateTable(CallContext call,
      MasterProtos.TruncateTableRequest request) throws IOException {
    TableName name = ProtobufUtil.toTableName(request.getTableName());
    byte[] note = NonceRegistry.note(request.getNonceGroup(), request.getNonce());
    long procId = master.procedures().run("TruncateTableProcedure", call.user().shortName(), () -> {
      if (SystemTableDdl.isMeta(name)) {
        SystemTableDdl.refuseTruncate();
      }
      master.ddl().truncate(name, request.getPreserveSplits(), note);
    });
    return MasterProtos.TruncateTableResponse.newBuilder().setProcId(procId).build();
  }

  /**
   * After a change of a table's schema its owner (the descriptor's OWNER, else whoever changed it) is given every
   * action on it again, as HBase's AccessController does after every table modification.
   */
  private void ownedAfterChange(CallContext call, TableName name) throws IOException {
    call.permissions().tableOwnedBy(name, master.tables().require(name).descriptor().getOwnerString());
  }
}
