package io.basalt.hbase.service;

import io.basalt.hbase.master.Master;
import io.basalt.hbase.meta.MetaSchema;
import io.basalt.hbase.rpc.CallContext;
import io.basalt.hbase.rpc.ServiceBinding;
import io.basalt.hbase.schema.HBaseTable;
import io.basalt.hbase.write.NonceRegistry;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableState;
import org.apache.hadoop.hbase.security.access.Permission.Action;
import org.apache.hadoop.hbase.shaded.protobuf.ProtobufUtil;
import org.apache.hadoop.hbase.shaded.protobuf.generated.MasterProtos.MasterService;
import org.apache.hadoop.hbase.shaded.protobuf.generated.MasterProtos;
import org.apache.hbase.thirdparty.com.google.protobuf.ByteString;

/**
 * MasterService: table DDL and catalog questions. DDL runs synchronously inside the RPC, so errors such as "table
 * exists" surface from the call itself (as they do from HBase's master), and the returned procedure is already
 * finished when the client first polls it.
 */
final class MasterServiceHandlers {
  private final Master master;
  private final NamespaceHandlers namespaces;
  private final SchemaHandlers schema;
  private final SnapshotHandlers snapshots;
  private final ClusterHandlers cluster;
  private final RegionChangeHandlers regionChanges;
  private final AccessControlHandlers accessControl;
  private final LogEntryHandlers logs;

  MasterServiceHandlers(Master master, ClusterHandlers cluster, RegionChangeHandlers regionChanges,
      SnapshotHandlers snapshots, AccessControlHandlers accessControl, LogEntryHandlers logs) {
    this.master = master;
    this.namespaces = new NamespaceHandlers(master);
    this.schema = new SchemaHandlers(master);
    this.snapshots = snapshots;
    this.cluster = cluster;
    this.regionChanges = regionChanges;
    this.accessControl = accessControl;
    this.logs = logs;
  }

  ServiceBinding binding() {
    ServiceBinding.Builder binding = ServiceBinding.of(MasterService.getDescriptor())
        .on("IsMasterRunning", MasterProtos.IsMasterRunningRequest.getDefaultInstance(),
            (call, request) -> MasterProtos.IsMasterRunningResponse.newBuilder().setIsMasterRunning(true).build())
        .on("CreateTable", MasterProtos.CreateTableRequest.getDefaultInstance(), this::createTable)
        .on("DeleteTable", MasterProtos.DeleteTableRequest.getDefaultInstance(), this::deleteTable)
        .on("DisableTable", MasterProtos.DisableTableRequest.getDefaultInstance(), this::disableTable)
        .on("EnableTable", MasterProtos.EnableTableRequest.getDefaultInstance(), this::enableTable)
        .on("GetTableDescriptors", MasterProtos.GetTableDescriptorsRequest.getDefaultInstance(),
            this::tableDescriptors)
        .on("GetTableNames", MasterProtos.GetTableNamesRequest.getDefaultInstance(), this::tableNames)
        .on("GetTableState", MasterProtos.GetTableStateRequest.getDefaultInstance(), this::tableState)
        .on("ListTableNamesByState", MasterProtos.ListTableNamesByStateRequest.getDefaultInstance(),
            this::tableNamesByState)
        .on("ListTableDescriptorsByState", MasterProtos.ListTableDescriptorsByStateRequest.getDefaultInstance(),
            this::tableDescriptorsByState);
    new ProcedureHandlers(master).register(binding);
    namespaces.register(binding);
    schema.register(binding);
    snapshots.register(binding);
    cluster.register(binding);
    regionChanges.register(binding);
    accessControl.register(binding);
    logs.registerMaster(binding);
    return binding.build();
  }

  private MasterProtos.CreateTableResponse createTable(CallContext call, MasterProtos.CreateTableRequest request)
      throws IOException {
    TableDescriptor descriptor = ProtobufUtil.toTableDescriptor(request.getTableSchema());
    List<byte[]> splitKeys = new ArrayList<>();
    for (ByteString key : request.getSplitKeysList()) {
      splitKeys.add(key.toByteArray());
    }
    byte[] note = NonceRegistry.note(request.getNonceGroup(), request.getNonce());
    long procId = master.procedures().run("CreateTableProcedure", call.user().shortName(),
        () -> {
          master.ddl().create(descriptor, splitKeys, note);
          call.permissions().tableOwnedBy(descriptor.getTableName(), descriptor.getOwnerString());
        });
    return MasterProtos.CreateTableResponse.newBuilder().setProcId(procId).build();
  }

  private MasterProtos.DeleteTableResponse deleteTable(CallContext call, MasterProtos.DeleteTableRequest request)
      throws IOException {
    TableName name = ProtobufUtil.toTableName(request.getTableName());
    byte[] note = NonceRegistry.note(request.getNonceGroup(), request.getNonce());
    long procId = master.procedures().run("DeleteTableProcedure", call.user().shortName(), () -> {
      if (SystemTableDdl.isMeta(name)) {
        SystemTableDdl.refuseDelete();
      }
      master.ddl().delete(name, note);
      call.permissions().tableDeleted(name);
    });
    return MasterProtos.DeleteTableResponse.newBuilder().setProcId(procId).build();
  }

  private MasterProtos.DisableTableResponse disableTable(CallContext call,
      MasterProtos.DisableTableRequest request) throws IOException {
    TableName name = ProtobufUtil.toTableName(request.getTableName());
    byte[] note = NonceRegistry.note(request.getNonceGroup(), request.getNonce());
    long procId = master.procedures().run("DisableTableProcedure", call.user().shortName(), () -> {
      if (SystemTableDdl.isMeta(name)) {
        SystemTableDdl.refuseDisable();
      }
      master.ddl().disable(name, note);
    });
    return MasterProtos.DisableTableResponse.newBuilder().setProcId(procId).build();
  }

  private MasterProtos.EnableTableResponse enableTable(CallContext call, MasterProtos.EnableTableRequest request)
      throws IOException {
    TableName name = ProtobufUtil.toTableName(request.getTableName());
    byte[] note = NonceRegistry.note(request.getNonceGroup(), request.getNonce());
    long procId = master.procedures().run("EnableTableProcedure", call.user().shortName(), () -> {
      if (SystemTableDdl.isMeta(name)) {
        SystemTableDdl.refuseEnable();
      }
      master.ddl().enable(name, note);
    });
    return MasterProtos.EnableTableResponse.newBuilder().setProcId(procId).build();
  }

  private MasterProtos.GetTableDescriptorsResponse tableDescriptors(CallContext call,
      MasterProtos.GetTableDescriptorsRequest request) throws IOException {
    MasterProtos.GetTableDescriptorsResponse.Builder response = MasterProtos.GetTableDescriptorsResponse.newBuilder();
    if (request.getTableNamesCount() > 0) {
      // Named tables: no pattern or system-table filtering; unknown names are simply left out.
      for (org.apache.hadoop.hbase.shaded.protobuf.generated.HBaseProtos.TableName name
          : request.getTableNamesList()) {
        Optional<TableDescriptor> found = descriptor(ProtobufUtil.toTableName(name));
        if (found.isPresent()) {
          call.permissions().requireTable(found.get().getTableName(), Action.ADMIN, Action.CREATE);
          response.addTableSchema(ProtobufUtil.toTableSchema(found.get()));
        }
      }
      return response.build();
    }
    TableNameFilter filter = new TableNameFilter(request.getRegex(), request.getIncludeSysTables(),
        request.getNamespace());
    for (TableDescriptor descriptor : allDescriptors()) {
      // Listed only where the caller may change the table, as HBase's AccessController leaves the list.
      if (filter.matches(descriptor.getTableName())
          && call.permissions().allowsTable(descriptor.getTableName(), Action.ADMIN, Action.CREATE)) {
        response.addTableSchema(ProtobufUtil.toTableSchema(descriptor));
      }
    }
    return response.build();
  }

  private MasterProtos.GetTableNamesResponse tableNames(CallContext call, MasterProtos.GetTableNamesRequest request)
      throws IOException {
    TableNameFilter filter = new TableNameFilter(request.getRegex(), request.getIncludeSysTables(),
        request.getNamespace());
    MasterProtos.GetTableNamesResponse.Builder response = MasterProtos.GetTableNamesResponse.newBuilder();
    for (TableDescriptor descriptor : allDescriptors()) {
      // Listed where any of the caller's grants touches the table.
      if (filter.matches(descriptor.getTableName()) && call.permissions().touchesTable(descriptor.getTableName())) {
        response.addTableNames(ProtobufUtil.toProtoTableName(descriptor.getTableName()));
      }
    }
    return response.build();
  }

  private MasterProtos.GetTableStateResponse tableState(CallContext call, MasterProtos.GetTableStateRequest request)
      throws IOException {
    TableName name = ProtobufUtil.toTableName(request.getTableName());
    TableState.State state = TableName.META_TABLE_NAME.equals(name)
        ? TableState.State.ENABLED : master.tables().require(name).state();
    return MasterProtos.GetTableStateResponse.newBuilder()
        .setTableState(new TableState(name, state).convert())
        .build();
  }

  /** The user tables in one state, as the shell's {@code list_enabled_tables} and {@code list_disabled_tables} ask. */
  private MasterProtos.ListTableNamesByStateResponse tableNamesByState(CallContext call,
      MasterProtos.ListTableNamesByStateRequest request) {
    MasterProtos.ListTableNamesByStateResponse.Builder response =
        MasterProtos.ListTableNamesByStateResponse.newBuilder();
    for (HBaseTable table : userTablesIn(request.getIsEnabled())) {
      if (call.permissions().touchesTable(table.name())) {
        response.addTableNames(ProtobufUtil.toProtoTableName(table.name()));
      }
    }
    return response.build();
  }

  private MasterProtos.ListTableDescriptorsByStateResponse tableDescriptorsByState(CallContext call,
      MasterProtos.ListTableDescriptorsByStateRequest request) {
    MasterProtos.ListTableDescriptorsByStateResponse.Builder response =
        MasterProtos.ListTableDescriptorsByStateResponse.newBuilder();
    for (HBaseTable table : userTablesIn(request.getIsEnabled())) {
      if (call.permissions().allowsTable(table.name(), Action.ADMIN, Action.CREATE)) {
        response.addTableSchema(ProtobufUtil.toTableSchema(table.descriptor()));
      }
    }
    return response.build();
  }

  /**
   * The tables, sorted by name, that are enabled (or disabled). HBase's master lists only user tables here, so
   * hbase:meta, always enabled, is never among them.
   */
  private List<HBaseTable> userTablesIn(boolean enabled) {
    List<HBaseTable> matching = new ArrayList<>();
    for (HBaseTable table : master.tables().all()) {
      if (!table.name().isSystemTable() && table.isEnabled() == enabled) {
        matching.add(table);
      }
    }
    return matching;
  }

  private Optional<TableDescriptor> descriptor(TableName name) {
    if (TableName.META_TABLE_NAME.equals(name)) {
      return Optional.of(MetaSchema.descriptor());
    }
    return master.tables().table(name).map(HBaseTable::descriptor);
  }

  /** hbase:meta and every user table, sorted by name. */
  private List<TableDescriptor> allDescriptors() {
    List<TableDescriptor> all = new ArrayList<>();
    all.add(MetaSchema.descriptor());
    for (HBaseTable table : master.tables().all()) {
      all.add(table.descriptor());
    }
    return all;
  }
}
