package io.basalt.storage.replication;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.ratis.proto.RaftProtos.InstallSnapshotRequestProto;
import org.apache.ratis.protocol.RaftGroupId;
import org.apache.ratis.protocol.exceptions.ServerNotReadyException;
import org.apache.ratis.server.RaftServer;
import org.apache.ratis.thirdparty.com.google.protobuf.ByteString;

/**
 * The groups this node is adding, and the Raft server as its gRPC services see it: one that turns a leader's
 * notice to install away from a group while this node adds it, as Ratis turns away its appends until the group has
 * started.
 *
 * <p>Why: Ratis (3.1.3) registers a group it adds before starting it, and takes install notices from the moment the
 * start begins; one arriving before the group's log is open makes the group a follower and then fails ("log is
 * uninitialized"), and the start, making it a follower again, fails the add ("IllegalStateException: previous !=
 * null"). A leader sends the notice to a replica behind its log, again every few tens of milliseconds while it is
 * refused, so a node whose store was emptied, adding every tablet's group as its catalog replays, met it on most adds
 * and on all six tries of one when its JIT compiled less (ReplicaDiskFullTest, with C1 only). Turned away, the
 * leader sends the notice again after the add, as it does while the group is missing here.
 */
final class GroupAdditions {
  private final Set<RaftGroupId> adding = ConcurrentHashMap.newKeySet();

  /** The group is being added from now until {@link #ended}. */
  void begun(RaftGroupId groupId) {
    adding.add(groupId);
  }

  void ended(RaftGroupId groupId) {
    adding.remove(groupId);
  }

  /** {@code server} as the gRPC services are to see it: every call passed on, install notices checked first. */
  RaftServer guard(RaftServer server) {
    InvocationHandler handler = (proxy, method, args) -> {
      if (args != null && args.length == 1 && args[0] instanceof InstallSnapshotRequestProto request) {
        refuseWhileAdding(server, request);
      }
      return invoke(server, method, args);
    };
    return (RaftServer) Proxy.newProxyInstance(RaftServer.class.getClassLoader(), new Class<?>[] {RaftServer.class},
        handler);
  }

  private void refuseWhileAdding(RaftServer server, InstallSnapshotRequestProto request)
      throws ServerNotReadyException {
    ByteString group = request.getServerRequest().getRaftGroupId().getId();
    RaftGroupId groupId = RaftGroupId.valueOf(group);
    if (adding.contains(groupId)) {
      throw new ServerNotReadyException(server.getId() + "@" + groupId + " is being added: install later");
    }
  }

  private static Object invoke(RaftServer server, Method method, Object[] args) throws Throwable {
    try {
      return method.invoke(server, args);
    } catch (InvocationTargetException e) {
      throw e.getCause(); // the call's own exception, as the services expect it
    }
  }
}
