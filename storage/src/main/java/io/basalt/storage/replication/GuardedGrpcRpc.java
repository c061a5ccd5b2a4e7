package io.basalt.storage.replication;

import org.apache.ratis.conf.Parameters;
import org.apache.ratis.grpc.GrpcFactory;
import org.apache.ratis.grpc.server.GrpcService;
import org.apache.ratis.rpc.RpcFactory;
import org.apache.ratis.rpc.RpcType;
import org.apache.ratis.server.RaftServer;

/**
 * Ratis's gRPC transport with its server side seeing the Raft server through {@link GroupAdditions#guard}. Named to
 * Ratis by this class's name ({@code raft.rpc.type}), which it instantiates; the guard travels in the server's
 * {@link Parameters}. Clients and log appenders are gRPC's own.
 */
public final class GuardedGrpcRpc implements RpcType {
  static final String ADDITIONS = GroupAdditions.class.getName();

  /** Instantiated by Ratis from its name. */
  public GuardedGrpcRpc() {}

  @Override
  public String name() {
    return GuardedGrpcRpc.class.getName();
  }

  @Override
  public RpcFactory newFactory(Parameters parameters) {
    return new Factory(parameters);
  }

  /** Parameters carrying the node's group additions, for the Raft server's builder. */
  static Parameters parameters(GroupAdditions additions) {
    Parameters parameters = new Parameters();
    parameters.put(ADDITIONS, additions, GroupAdditions.class);
    return parameters;
  }

  private static final class Factory extends GrpcFactory {
    private final GroupAdditions additions;

    Factory(Parameters parameters) {
      super(parameters);
      this.additions = parameters == null ? null : parameters.get(ADDITIONS, GroupAdditions.class);
    }

    @Override
    public GrpcService newRaftServerRpc(RaftServer server) {
      return super.newRaftServerRpc(additions == null ? server : additions.guard(server));
    }
  }
}
