package io.basalt.hbase.service;

import io.basalt.hbase.rpc.CallContext;
import io.basalt.hbase.rpc.RpcHandler;
import io.basalt.hbase.rpc.ServiceBinding;
import io.basalt.hbase.security.SecuritySettings;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.shaded.protobuf.generated.AccessControlProtos;
import org.apache.hadoop.hbase.shaded.protobuf.generated.MasterProtos.SecurityCapabilitiesRequest;
import org.apache.hadoop.hbase.shaded.protobuf.generated.MasterProtos.SecurityCapabilitiesResponse;
import org.apache.hadoop.hbase.shaded.protobuf.generated.MasterProtos.SecurityCapabilitiesResponse.Capability;
import org.apache.hbase.thirdparty.com.google.protobuf.Message;

/**
 * The master's security questions: which security features the server has (getSecurityCapabilities, which the
 * shell's grant, revoke and user_permission ask first), and the permission RPCs. Basalt has no permissions yet, so
 * those are answered as HBase answers them without its AccessController, with the same exception and message; the
 * shell then says "DISABLED: Security features are not available", as against such an HBase.
 */
final class AccessControlHandlers {
  private static final String NOT_LOADED = "org.apache.hadoop.hbase.security.access.AccessController is not loaded";

  private final SecuritySettings security;

  AccessControlHandlers(SecuritySettings security) {
    this.security = security;
  }

  void register(ServiceBinding.Builder binding) {
    binding.on("getSecurityCapabilities", SecurityCapabilitiesRequest.getDefaultInstance(), this::capabilities)
        .on("Grant", AccessControlProtos.GrantRequest.getDefaultInstance(), notLoaded())
        .on("Revoke", AccessControlProtos.RevokeRequest.getDefaultInstance(), notLoaded())
        .on("GetUserPermissions", AccessControlProtos.GetUserPermissionsRequest.getDefaultInstance(), notLoaded())
        .on("HasUserPermissions", AccessControlProtos.HasUserPermissionsRequest.getDefaultInstance(), notLoaded());
  }

  private SecurityCapabilitiesResponse capabilities(CallContext call, SecurityCapabilitiesRequest request) {
    return SecurityCapabilitiesResponse.newBuilder()
        .addCapabilities(security.kerberos() ? Capability.SECURE_AUTHENTICATION : Capability.SIMPLE_AUTHENTICATION)
        .build();
  }

  private static <Q extends Message> RpcHandler<Q> notLoaded() {
    return (call, request) -> {
      throw new DoNotRetryIOException(new UnsupportedOperationException(NOT_LOADED));
    };
  }
}
