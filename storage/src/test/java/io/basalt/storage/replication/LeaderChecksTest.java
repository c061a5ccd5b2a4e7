package io.basalt.storage.replication;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.apache.ratis.proto.RaftProtos.RaftPeerRole;
import org.apache.ratis.protocol.RaftGroupId;
import org.apache.ratis.protocol.RaftPeer;
import org.apache.ratis.protocol.RaftPeerId;
import org.apache.ratis.server.RaftConfiguration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * When a leader's check of its leadership passes: a majority of the group, the leader counted, answering that it
 * follows the leader to questions asked after the check was asked for. The members here answer from a table the
 * test sets, as it stands when they are asked; a member can be made to hold its answer.
 */
class LeaderChecksTest {
  private static final RaftGroupId GROUP = RaftGroupId.randomId();
  private static final RaftPeerId N1 = RaftPeerId.valueOf("n1");
  private static final RaftPeerId N2 = RaftPeerId.valueOf("n2");
  private static final RaftPeerId N3 = RaftPeerId.valueOf("n3");
  private static final RaftConfiguration THREE = new Members(List.of(N1, N2, N3));

  /** Whom each member follows; a member absent from the map fails to answer. */
  private final Map<RaftPeerId, RaftPeerId> follows = new ConcurrentHashMap<>();
  /** Questions asked, in order. */
  private final BlockingQueue<RaftPeerId> asked = new LinkedBlockingQueue<>();
  /** Members whose answers wait for a count-down. */
  private final Map<RaftPeerId, CountDownLatch> held = new ConcurrentHashMap<>();
  private final LeaderChecks checks = new LeaderChecks((group, member) -> {
    asked.add(member);
    RaftPeerId leader = follows.get(member); // the member's state when asked; its answer may then be held
    CountDownLatch hold = held.get(member);
    if (hold != null) {
      try {
        hold.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    if (leader == null) {
      throw new IOException("no answer");
    }
    return leader;
  }, 1);

  @AfterEach
  void close() {
    checks.close();
  }

  @Test
  void oneFollowerOfTwoMakesAMajority() throws Exception {
    follows.put(N2, N1);
    follows.put(N3, N3); // N3 follows no one else: it thinks it leads, or answers for another term
    checks.confirm(GROUP, N1, THREE).get(10, TimeUnit.SECONDS);
  }

  @Test
  void membersFollowingAnotherLeaderFailTheCheck() {
    follows.put(N2, N3);
    follows.put(N3, N3);
    ExecutionException failed = assertThrows(ExecutionException.class,
        () -> checks.confirm(GROUP, N1, THREE).get(10, TimeUnit.SECONDS));
    assertInstanceOf(LeaderChecks.NotConfirmed.class, failed.getCause());
  }

  @Test
  void membersNotAnsweringFailTheCheck() {
    ExecutionException failed = assertThrows(ExecutionException.class,
        () -> checks.confirm(GROUP, N1, THREE).get(10, TimeUnit.SECONDS));
    assertTrue(failed.getCause().getMessage().contains("does not follow"), failed.getCause().getMessage());
  }

  /**
   * A check asked for while a round is under way is answered by the next round, whose questions are asked after
   * it: an answer taken before a read arrived says nothing of a leader deposed since.
   */
  @Test
  void aCheckAskedDuringARoundWaitsForTheNextOne() throws Exception {
    follows.put(N2, N1);
    CountDownLatch n2Answers = new CountDownLatch(1);
    held.put(N2, n2Answers);
    CompletableFuture<Void> first = checks.confirm(GROUP, N1, THREE);
    awaitAsked(N2, N3);
    CompletableFuture<Void> second = checks.confirm(GROUP, N1, THREE);
    CompletableFuture<Void> third = checks.confirm(GROUP, N1, THREE);
    follows.put(N2, N3); // deposed after the first round asked
    held.remove(N2);
    n2Answers.countDown();
    first.get(10, TimeUnit.SECONDS); // N2 followed N1 when asked
    ExecutionException failed = assertThrows(ExecutionException.class, () -> second.get(10, TimeUnit.SECONDS));
    assertInstanceOf(LeaderChecks.NotConfirmed.class, failed.getCause());
    assertTrue(third.isCompletedExceptionally(), "checks asked together share a round");
  }

  /** A member that owes an answer (stopped, cut off) is not asked again; the others decide the round. */
  @Test
  void aMemberOwingAnAnswerIsNotAskedAgain() throws Exception {
    follows.put(N2, N1);
    follows.put(N3, N1);
    CountDownLatch n3Answers = new CountDownLatch(1);
    held.put(N3, n3Answers);
    checks.confirm(GROUP, N1, THREE).get(10, TimeUnit.SECONDS);
    awaitAsked(N2, N3);
    checks.confirm(GROUP, N1, THREE).get(10, TimeUnit.SECONDS);
    assertEquals(N2, asked.poll(10, TimeUnit.SECONDS));
    assertFalse(asked.contains(N3), "N3 still owes its first answer");
    n3Answers.countDown();
  }

  @Test
  void aGroupOfOneConfirmsAtOnce() throws Exception {
    checks.confirm(GROUP, N1, new Members(List.of(N1))).get(10, TimeUnit.SECONDS);
    assertTrue(asked.isEmpty());
  }

  /** Waits until both members have been asked, in either order. */
  private void awaitAsked(RaftPeerId one, RaftPeerId other) throws InterruptedException {
    List<RaftPeerId> seen = List.of(asked.poll(10, TimeUnit.SECONDS), asked.poll(10, TimeUnit.SECONDS));
    assertTrue(seen.containsAll(List.of(one, other)), "asked " + seen);
  }

  /** A stable configuration of voting members. */
  private record Members(List<RaftPeerId> ids) implements RaftConfiguration {
    @Override
    public RaftPeer getPeer(RaftPeerId id, RaftPeerRole... roles) {
      return ids.contains(id) ? RaftPeer.newBuilder().setId(id).build() : null;
    }

    @Override
    public Collection<RaftPeer> getAllPeers(RaftPeerRole role) {
      return getCurrentPeers(role);
    }

    @Override
    public Collection<RaftPeer> getCurrentPeers(RaftPeerRole roles) {
      return ids.stream().map(id -> RaftPeer.newBuilder().setId(id).build()).toList();
    }

    @Override
    public Collection<RaftPeer> getPreviousPeers(RaftPeerRole roles) {
      return List.of();
    }

    @Override
    public long getLogEntryIndex() {
      return 0;
    }
  }
}
