package io.basalt.hbase.service;

import io.basalt.hbase.master.Master;
import io.basalt.hbase.rpc.CallContext;
import io.basalt.hbase.rpc.ServiceBinding;
import io.basalt.hbase.schema.HBaseTable;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.security.access.Permission.Action;
import org.apache.hadoop.hbase.shaded.protobuf.ProtobufUtil;
import org.apache.hadoop.hbase.shaded.protobuf.generated.MasterProtos;

/** MasterService's namespace methods: DDL run as (already finished) procedures, and lookups. */
final class NamespaceHandlers {
  private final Master master;

  NamespaceHandlers(Master master) {
    this.master = master;
  }

  void register(ServiceBinding.Builder binding) {
    binding
        .on("CreateNamespace", MasterProtos.CreateNamespaceRequest.getDefaultInstance(), this::create)
        .on("ModifyNamespace", MasterProtos.ModifyNamespaceRequest.getDefaultInstance(), this::modify)
        .on("DeleteNamespace", MasterProtos.DeleteNamespaceRequest.getDefaultInstance(), this::delete)
        .on("GetNamespaceDescriptor", MasterProtos.GetNamespaceDescriptorRequest.getDefaultInstance(), this::get)
        .on("ListNamespaces", MasterProtos.ListNamespacesRequest.getDefaultInstance(), this::listNames)
        .on("ListNamespaceDescriptors", MasterProtos.ListNamespaceDescriptorsRequest.getDefaultInstance(),
            this::listDescriptors)
        .on("ListTableDescriptorsByNamespace",
            MasterProtos.ListTableDescriptorsByNamespaceRequest.getDefaultInstance(), this::tableDescriptors)
        .on("ListTableNamesByNamespace", MasterProtos.ListTableNamesByNamespaceRequest.getDefaultInstance(),
            this::tableNames);
  }

  private MasterProtos.CreateNamespaceResponse create(CallContext call, MasterProtos.CreateNamespaceRequest request)
      throws IOException {
    NamespaceDescriptor namespace = ProtobufUtil.toNamespaceDescriptor(request.getNamespaceDescriptor());
    long procId = master.procedures().run("CreateNamespaceProcedure", call.user().shortName(),
        () -> master.namespaces().create(namespace));
    return MasterProtos.CreateNamespaceResponse.newBuilder().setProcId(procId).build();
  }

  private MasterProtos.ModifyNamespaceResponse modify(CallContext call, MasterProtos.ModifyNamespaceRequest request)
      throws IOException {
    NamespaceDescriptor namespace = ProtobufUtil.toNamespaceDescriptor(request.getNamespaceDescriptor());
    long procId = master.procedures().run("ModifyNamespaceProcedure", call.user().shortName(),
        () -> master.namespaces().modify(namespace));
    return MasterProtos.ModifyNamespaceResponse.newBuilder().setProcId(procId).build();
  }

  private MasterProtos.DeleteNamespaceResponse delete(CallContext call, MasterProtos.DeleteNamespaceRequest request)
      throws IOException {
    long procId = master.procedures().run("DeleteNamespaceProcedure", call.user().shortName(),
        () -> {
          master.ddl().deleteNamespace(request.getNamespaceName());
          call.permissions().namespaceDeleted(request.getNamespaceName());
        });
    return MasterProtos.DeleteNamespaceResponse.newBuilder().setProcId(procId).build();
  }

  private MasterProtos.GetNamespaceDescriptorResponse get(CallContext call,
      MasterProtos.GetNamespaceDescriptorRequest request) throws IOException {
    NamespaceDescriptor namespace = master.namespaces().require(request.getNamespaceName());
    return MasterProtos.GetNamespaceDescriptorResponse.newBuilder()
        .setNamespaceDescriptor(ProtobufUtil.toProtoNamespaceDescriptor(namespace))
        .build();
  }

  private MasterProtos.ListNamespacesResponse listNames(CallContext call, MasterProtos.ListNamespacesRequest request) {
    MasterProtos.ListNamespacesResponse.Builder response = MasterProtos.ListNamespacesResponse.newBuilder();
    master.namespaces().all().forEach(ns -> response.addNamespaceName(ns.getName()));
    return response.build();
  }

  private MasterProtos.ListNamespaceDescriptorsResponse listDescriptors(CallContext call,
      MasterProtos.ListNamespaceDescriptorsRequest request) {
    MasterProtos.ListNamespaceDescriptorsResponse.Builder response =
        MasterProtos.ListNamespaceDescriptorsResponse.newBuilder();
    for (NamespaceDescriptor namespace : master.namespaces().all()) {
      // Shown only where the caller is an admin, as HBase's AccessController leaves the list.
      if (call.permissions().allowsNamespace(namespace.getName(), Action.ADMIN)) {
        response.addNamespaceDescriptor(ProtobufUtil.toProtoNamespaceDescriptor(namespace));
      }
    }
    return response.build();
  }

  private MasterProtos.ListTableDescriptorsByNamespaceResponse tableDescriptors(CallContext call,
      MasterProtos.ListTableDescriptorsByNamespaceRequest request) throws IOException {
    MasterProtos.ListTableDescriptorsByNamespaceResponse.Builder response =
        MasterProtos.ListTableDescriptorsByNamespaceResponse.newBuilder();
    for (HBaseTable table : tablesIn(request.getNamespaceName())) {
      if (call.permissions().allowsTable(table.name(), Action.ADMIN, Action.CREATE)) {
        response.addTableSchema(ProtobufUtil.toTableSchema(table.descriptor()));
      }
    }
    return response.build();
  }

  private MasterProtos.ListTableNamesByNamespaceResponse tableNames(CallContext call,
      MasterProtos.ListTableNamesByNamespaceRequest request) throws IOException {
    MasterProtos.ListTableNamesByNamespaceResponse.Builder response =
        MasterProtos.ListTableNamesByNamespaceResponse.newBuilder();
    for (HBaseTable table : tablesIn(request.getNamespaceName())) {
      if (call.permissions().touchesTable(table.name())) {
        response.addTableName(ProtobufUtil.toProtoTableName(table.name()));
      }
    }
    return response.build();
  }

  private List<HBaseTable> tablesIn(String namespace) throws IOException {
    master.namespaces().require(namespace);
    return master.tables().all().stream().filter(t -> t.name().getNamespaceAsString().equals(namespace)).toList();
  }
}
