package io.basalt.storage.replication;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import org.apache.ratis.proto.RaftProtos.AppendEntriesRequestProto;
import org.apache.ratis.proto.RaftProtos.InstallSnapshotReplyProto;
import org.apache.ratis.proto.RaftProtos.InstallSnapshotRequestProto;
import org.apache.ratis.proto.RaftProtos.RaftGroupIdProto;
import org.apache.ratis.proto.RaftProtos.RaftRpcRequestProto;
import org.apache.ratis.protocol.RaftGroupId;
import org.apache.ratis.protocol.RaftPeerId;
import org.apache.ratis.protocol.exceptions.ServerNotReadyException;
import org.apache.ratis.server.RaftServer;
import org.junit.jupiter.api.Test;

/**
 * The Raft server the gRPC services see: a leader's install notice for a group this node is adding is turned away
 * as not ready (the leader sends it again), every other call reaches the server as it was made, its exceptions
 * unwrapped.
 */
class GroupAdditionsTest {
  private static final RaftGroupId ADDED = RaftGroupId.randomId();
  private static final RaftGroupId OTHER = RaftGroupId.randomId();

  private final List<Object> received = new ArrayList<>();
  private final InstallSnapshotReplyProto installed = InstallSnapshotReplyProto.getDefaultInstance();
  private final RaftServer server = (RaftServer) Proxy.newProxyInstance(RaftServer.class.getClassLoader(),
      new Class<?>[] {RaftServer.class}, (proxy, method, args) -> switch (method.getName()) {
        case "getId" -> RaftPeerId.valueOf("n3");
        case "installSnapshot" -> {
          received.add(args[0]);
          yield installed;
        }
        case "appendEntriesAsync" -> throw new IOException("refused by the server itself");
        default -> throw new UnsupportedOperationException(method.getName());
      });

  @Test
  void anInstallNoticeForAGroupBeingAddedIsTurnedAwayUntilTheAddEnds() throws IOException {
    GroupAdditions additions = new GroupAdditions();
    RaftServer guarded = additions.guard(server);
    additions.begun(ADDED);

    ServerNotReadyException refused = assertThrows(ServerNotReadyException.class,
        () -> guarded.installSnapshot(notice(ADDED)));
    assertTrue(refused.getMessage().contains("n3@" + ADDED + " is being added"), refused.getMessage());
    assertEquals(List.of(), received, "the server never saw it");
    assertSame(installed, guarded.installSnapshot(notice(OTHER)), "another group's notice passes");

    additions.ended(ADDED);
    assertSame(installed, guarded.installSnapshot(notice(ADDED)));
    assertEquals(List.of(notice(OTHER), notice(ADDED)), received);
  }

  @Test
  void otherCallsPassWithTheServersOwnExceptions() {
    GroupAdditions additions = new GroupAdditions();
    additions.begun(ADDED);
    IOException thrown = assertThrows(IOException.class,
        () -> additions.guard(server).appendEntriesAsync(AppendEntriesRequestProto.getDefaultInstance()));
    assertEquals("refused by the server itself", thrown.getMessage());
  }

  private static InstallSnapshotRequestProto notice(RaftGroupId group) {
    return InstallSnapshotRequestProto.newBuilder()
        .setServerRequest(RaftRpcRequestProto.newBuilder()
            .setRaftGroupId(RaftGroupIdProto.newBuilder().setId(group.toByteString())))
        .build();
  }
}
