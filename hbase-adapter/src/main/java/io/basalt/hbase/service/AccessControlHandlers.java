package io.basalt.hbase.service;

import io.basalt.hbase.rpc.CallContext;
import io.basalt.hbase.rpc.RpcHandler;
import io.basalt.hbase.rpc.ServiceBinding;
import io.basalt.hbase.security.AccessControl;
import io.basalt.hbase.security.Authorization;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.security.access.NamespacePermission;
import org.apache.hadoop.hbase.security.access.Permission;
import org.apache.hadoop.hbase.security.access.ShadedAccessControlUtil;
import org.apache.hadoop.hbase.security.access.TablePermission;
import org.apache.hadoop.hbase.security.access.UserPermission;
import org.apache.hadoop.hbase.shaded.protobuf.ProtobufUtil;
import org.apache.hadoop.hbase.shaded.protobuf.generated.AccessControlProtos;
import org.apache.hadoop.hbase.shaded.protobuf.generated.MasterProtos.SecurityCapabilitiesRequest;
import org.apache.hadoop.hbase.shaded.protobuf.generated.MasterProtos.SecurityCapabilitiesResponse;
import org.apache.hadoop.hbase.shaded.protobuf.generated.MasterProtos.SecurityCapabilitiesResponse.Capability;
import org.apache.hbase.thirdparty.com.google.protobuf.Message;

/**
 * The master's security questions: which security features the server has (getSecurityCapabilities, which the
 * shell's grant, revoke and user_permission ask first), and the permission RPCs (Grant, Revoke, GetUserPermissions,
 * HasUserPermissions), which AccessControl answers with HBase's rules for who may ask. With authorization off they
 * are answered as HBase answers them without its AccessController, with the same exception and message, and the
 * shell says "DISABLED: Security features are not available", as against such an HBase.
 */
final class AccessControlHandlers {
  private static final String NOT_LOADED = "org.apache.hadoop.hbase.security.access.AccessController is not loaded";

  private final boolean kerberos;
  private final Authorization authorization;

  /** @param authorization the grants, or null when permissions are not checked */
  AccessControlHandlers(boolean kerberos, Authorization authorization) {
    this.kerberos = kerberos;
    this.authorization = authorization;
  }

  void register(ServiceBinding.Builder binding) {
    binding.on("getSecurityCapabilities", SecurityCapabilitiesRequest.getDefaultInstance(), this::capabilities);
    if (authorization == null) {
      binding.on("Grant", AccessControlProtos.GrantRequest.getDefaultInstance(), notLoaded())
          .on("Revoke", AccessControlProtos.RevokeRequest.getDefaultInstance(), notLoaded())
          .on("GetUserPermissions", AccessControlProtos.GetUserPermissionsRequest.getDefaultInstance(), notLoaded())
          .on("HasUserPermissions", AccessControlProtos.HasUserPermissionsRequest.getDefaultInstance(), notLoaded());
      return;
    }
    binding.on("Grant", AccessControlProtos.GrantRequest.getDefaultInstance(), this::grant)
        .on("Revoke", AccessControlProtos.RevokeRequest.getDefaultInstance(), this::revoke)
        .on("GetUserPermissions", AccessControlProtos.GetUserPermissionsRequest.getDefaultInstance(),
            this::userPermissions)
        .on("HasUserPermissions", AccessControlProtos.HasUserPermissionsRequest.getDefaultInstance(),
            this::hasPermissions);
  }

  /**
   * What HBase reports: how clients authenticate and, with permissions checked, AUTHORIZATION and CELL_AUTHORIZATION
   * (HBase reports the latter whenever its store files can hold cell ACLs; as there, with the default
   * hbase.security.access.early_out a cell's ACL never widens access).
   */
  private SecurityCapabilitiesResponse capabilities(CallContext call, SecurityCapabilitiesRequest request) {
    SecurityCapabilitiesResponse.Builder response = SecurityCapabilitiesResponse.newBuilder()
        .addCapabilities(kerberos ? Capability.SECURE_AUTHENTICATION : Capability.SIMPLE_AUTHENTICATION);
    if (authorization != null) {
      response.addCapabilities(Capability.AUTHORIZATION).addCapabilities(Capability.CELL_AUTHORIZATION);
    }
    return response.build();
  }

  private AccessControlProtos.GrantResponse grant(CallContext call, AccessControlProtos.GrantRequest request)
      throws IOException {
    UserPermission grant = ShadedAccessControlUtil.toUserPermission(request.getUserPermission());
    call.permissions().audited(scope(grant.getPermission()),
        () -> control().grant(call.user(), grant, request.getMergeExistingPermissions()));
    return AccessControlProtos.GrantResponse.getDefaultInstance();
  }

  private AccessControlProtos.RevokeResponse revoke(CallContext call, AccessControlProtos.RevokeRequest request)
      throws IOException {
    UserPermission grant = ShadedAccessControlUtil.toUserPermission(request.getUserPermission());
    call.permissions().audited(scope(grant.getPermission()), () -> control().revoke(call.user(), grant));
    return AccessControlProtos.RevokeResponse.getDefaultInstance();
  }

  /** The scope is the fields the request carries: a table, else a namespace, else the global grants. */
  private AccessControlProtos.GetUserPermissionsResponse userPermissions(CallContext call,
      AccessControlProtos.GetUserPermissionsRequest request) throws IOException {
    TableName table = request.hasTableName() ? ProtobufUtil.toTableName(request.getTableName()) : null;
    String namespace = table == null && request.hasNamespaceName()
        ? request.getNamespaceName().toStringUtf8() : null;
    byte[] family = request.hasColumnFamily() ? request.getColumnFamily().toByteArray() : null;
    byte[] qualifier = request.hasColumnQualifier() ? request.getColumnQualifier().toByteArray() : null;
    String user = request.hasUserName() ? request.getUserName().toStringUtf8() : null;
    String scope = table != null ? table.getNameWithNamespaceInclAsString() : namespace != null ? namespace : "global";
    List<UserPermission> grants = new ArrayList<>();
    call.permissions().audited(scope,
        () -> grants.addAll(control().userPermissions(call.user(), table, namespace, family, qualifier, user)));
    return ShadedAccessControlUtil.buildGetUserPermissionsResponse(grants);
  }

  private AccessControlProtos.HasUserPermissionsResponse hasPermissions(CallContext call,
      AccessControlProtos.HasUserPermissionsRequest request) throws IOException {
    List<Permission> permissions = new ArrayList<>();
    for (AccessControlProtos.Permission permission : request.getPermissionList()) {
      permissions.add(ShadedAccessControlUtil.toPermission(permission));
    }
    String user = request.hasUserName() ? request.getUserName().toStringUtf8() : null;
    List<Boolean> answers = new ArrayList<>();
    call.permissions().audited(user == null ? "self" : "user " + user,
        () -> answers.addAll(control().hasPermissions(call.user(), user, permissions)));
    return AccessControlProtos.HasUserPermissionsResponse.newBuilder().addAllHasUserPermission(answers).build();
  }

  private AccessControl control() {
    return authorization.control();
  }

  private static String scope(Permission permission) {
    if (permission instanceof TablePermission table) {
      return table.getTableName().getNameWithNamespaceInclAsString();
    }
    if (permission instanceof NamespacePermission namespace) {
      return namespace.getNamespace();
    }
    return "global";
  }

  private static <Q extends Message> RpcHandler<Q> notLoaded() {
    return (call, request) -> {
      throw new DoNotRetryIOException(new UnsupportedOperationException(NOT_LOADED));
    };
  }
}
