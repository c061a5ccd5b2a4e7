package io.basalt.storage.replication;

import java.io.IOException;
import java.util.Collection;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.ratis.protocol.RaftGroupId;
import org.apache.ratis.protocol.RaftPeer;
import org.apache.ratis.protocol.RaftPeerId;
import org.apache.ratis.server.RaftConfiguration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Confirms that this node still leads a group, for a read answered from its own replica: a majority of the group's
 * members, this node among them, is seen following it by questions sent after the read arrived. Then no other leader
 * can have been elected before the read arrived (its voters would have left this leader's term, and a majority of
 * them cannot all answer that they follow it), so nothing was committed that this node's commit index misses.
 *
 * <p>Ratis (3.1.3) has this check built into its read index, but skips it when the commit index is one a majority
 * confirmed before (ReadIndexHeartbeats keeps the highest confirmed index and answers any read at or below it at
 * once, however long ago that was). A leader stopped past an election and continued thus answered a read from its
 * old state before it learned of its successor: PausedLeaderTest caught a read returning a value 22 writes older
 * than one acknowledged before the read began. Its leader lease is no safer: any append reply, a refusal from a
 * member that moved to a later term included, renews it. So the question goes to the members themselves, through
 * Ratis's group-info call, which reports whom a member follows; a member that left the leader's term follows no one
 * or its new leader, since Ratis forgets the leader whenever the term changes.
 *
 * <p>Checks of a group are shared: a read joins the next round, which starts once the one under way ends, so every
 * round a read waits for was sent after it arrived, and a steady stream of reads costs one question per member per
 * round trip. A member still owing the answer to an earlier question (one stopped or cut off) is not asked again
 * until it answers or the call times out; the round counts on the others.
 */
final class LeaderChecks implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(LeaderChecks.class);

  /** Whom a member says it follows in a group: its leader, or null if it follows no one (or did not answer). */
  @FunctionalInterface
  interface Questions {
    RaftPeerId leaderFollowedBy(RaftGroupId group, RaftPeerId member) throws IOException;
  }

  private final Questions questions;
  private final ExecutorService calls;
  private final Map<RaftGroupId, GroupChecks> groups = new ConcurrentHashMap<>();

  LeaderChecks(Questions questions, int node) {
    this.questions = questions;
    AtomicInteger threads = new AtomicInteger();
    this.calls = Executors.newCachedThreadPool(task -> {
      Thread thread = new Thread(task, "raft-leader-check-n" + node + "-" + threads.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    });
  }

  /**
   * Completes once a majority of {@code conf} (of its old members too while it changes), {@code self} counted, has
   * been seen following {@code self} by questions sent after this call; fails with {@link NotConfirmed} once that
   * can no longer happen in the round that would answer it.
   */
  CompletableFuture<Void> confirm(RaftGroupId group, RaftPeerId self, RaftConfiguration conf) {
    return groups.computeIfAbsent(group, GroupChecks::new).join(self, conf);
  }

  /** Forgets a group this node no longer hosts. */
  void forget(RaftGroupId group) {
    groups.remove(group);
  }

  @Override
  public void close() {
    calls.shutdownNow();
  }

  /** Leadership of a group could not be confirmed: a majority follows another node, or could not be asked. */
  static final class NotConfirmed extends Exception {
    private static final long serialVersionUID = 1L;

    NotConfirmed(String message) {
      super(message);
    }
  }

  /** The rounds of one group: at most one under way and one gathering the reads that arrive meanwhile. */
  private final class GroupChecks {
    private final RaftGroupId group;
    /** Members asked and not answered yet. */
    private final Set<RaftPeerId> asked = new HashSet<>();
    private CompletableFuture<Void> running;
    private CompletableFuture<Void> next;
    private RaftPeerId nextSelf;
    private RaftConfiguration nextConf;

    GroupChecks(RaftGroupId group) {
      this.group = group;
    }

    synchronized CompletableFuture<Void> join(RaftPeerId self, RaftConfiguration conf) {
      if (next == null) {
        next = new CompletableFuture<>();
      }
      nextSelf = self;
      nextConf = conf;
      CompletableFuture<Void> joined = next;
      if (running == null) {
        startRound();
      }
      return joined;
    }

    /** Starts the round the waiting reads joined; called holding this object's lock. */
    private void startRound() {
      CompletableFuture<Void> round = next;
      running = round;
      next = null;
      Round tally = new Round(nextSelf, nextConf);
      round.whenComplete((done, failure) -> roundEnded());
      for (RaftPeer member : nextConf.getAllPeers()) {
        RaftPeerId id = member.getId();
        if (id.equals(nextSelf) || !asked.add(id)) {
          continue; // this node, or a member still owing an earlier answer
        }
        try {
          calls.execute(() -> ask(id, tally, round));
        } catch (RejectedExecutionException e) {
          asked.remove(id);
          round.completeExceptionally(new NotConfirmed("the node is stopping"));
          return;
        }
      }
      tally.settleIfDecided(round);
    }

    private void ask(RaftPeerId member, Round tally, CompletableFuture<Void> round) {
      RaftPeerId followed;
      try {
        followed = questions.leaderFollowedBy(group, member);
      } catch (IOException | RuntimeException e) {
        LOG.debug("Member {} of group {} did not say whom it follows: {}", member, group, e.toString());
        followed = null;
      }
      synchronized (this) {
        asked.remove(member);
        tally.answered(member, followed);
        tally.settleIfDecided(round);
      }
    }

    private void roundEnded() {
      synchronized (this) {
        running = null;
        if (next != null) {
          startRound();
        }
      }
    }

    /** One round's answers; guarded by the group's lock. */
    private final class Round {
      private final RaftPeerId self;
      private final RaftConfiguration conf;
      private final Set<RaftPeerId> following = new HashSet<>();
      private final Set<RaftPeerId> notFollowing = new HashSet<>();

      Round(RaftPeerId self, RaftConfiguration conf) {
        this.self = self;
        this.conf = conf;
        following.add(self);
        // Members already owing an answer are not asked in this round: they count as not following for it.
        for (RaftPeer member : conf.getAllPeers()) {
          if (!member.getId().equals(self) && asked.contains(member.getId())) {
            notFollowing.add(member.getId());
          }
        }
      }

      void answered(RaftPeerId member, RaftPeerId followed) {
        (self.equals(followed) ? following : notFollowing).add(member);
      }

      void settleIfDecided(CompletableFuture<Void> round) {
        if (round.isDone()) {
          return;
        }
        Collection<RaftPeer> current = conf.getCurrentPeers();
        Collection<RaftPeer> previous = conf.getPreviousPeers();
        if (majority(current, following) && (previous.isEmpty() || majority(previous, following))) {
          round.complete(null);
        } else if (!possible(current) || (!previous.isEmpty() && !possible(previous))) {
          round.completeExceptionally(new NotConfirmed("a majority of group " + group + " does not follow "
              + self + " (following it: " + following + ", not or no answer: " + notFollowing + ")"));
        }
      }

      private boolean possible(Collection<RaftPeer> members) {
        int excluded = 0;
        for (RaftPeer member : members) {
          if (notFollowing.contains(member.getId())) {
            excluded++;
          }
        }
        return members.size() - excluded > members.size() / 2;
      }

      private static boolean majority(Collection<RaftPeer> members, Set<RaftPeerId> ids) {
        int count = 0;
        for (RaftPeer member : members) {
          if (ids.contains(member.getId())) {
            count++;
          }
        }
        return count > members.size() / 2;
      }
    }
  }
}
