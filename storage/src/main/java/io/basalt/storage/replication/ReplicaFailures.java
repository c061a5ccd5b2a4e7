package io.basalt.storage.replication;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.apache.ratis.protocol.RaftGroupId;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tells the node that one of its replicas stopped on its own: its state could not apply a committed entry (the store
 * failed, a full disk say), or its Raft log could not be written. Ratis (3.1.3) closes that group's division on this
 * node in both cases ({@code StateMachineUpdater} when {@code applyTransaction} throws, {@code SegmentedRaftLogWorker}
 * when a log write fails) and nothing reopens it: the node would go on serving its other groups with that one dead.
 * A division's state machine is closed on every way out, so {@link ReplicaStateMachine#close} reports here, and a
 * close that is neither the node stopping nor the group being removed is such a failure.
 *
 * <p>The first failure is kept and handed to every listener, one registered later included (a failure can come
 * while the node is still starting); later failures are logged only.
 */
final class ReplicaFailures {
  private static final Logger LOG = LoggerFactory.getLogger(ReplicaFailures.class);

  private final Set<RaftGroupId> removing = ConcurrentHashMap.newKeySet();
  private final List<Consumer<String>> listeners = new CopyOnWriteArrayList<>();
  private volatile boolean stopping;
  private String first;

  /** The node is stopping: its groups closing from now on is expected. */
  void stopping() {
    stopping = true;
  }

  /** The group is being removed from this node: its closing is expected. */
  void removing(RaftGroupId group) {
    removing.add(group);
  }

  void removed(RaftGroupId group) {
    removing.remove(group);
  }

  /**
   * Called when the state machine of {@code group} closes; {@code cause} is why it failed to apply an entry, or null
   * if it did not (its log failed, or the close is expected).
   */
  void closed(RaftGroupId group, String cause) {
    if (stopping || removing.contains(group)) {
      return;
    }
    report("the replica of Raft group " + group + " stopped: " + (cause != null ? cause
        : "Ratis closed it (its log could not be written, or another error Ratis logged just before)"));
  }

  /**
   * Called when the replica of {@code group} cannot go on although Ratis keeps it open: it must install its state
   * from the leader and cannot write it (its disk is full), which Ratis would have it retry for ever while its group
   * goes on without it.
   */
  void cannotInstall(RaftGroupId group, String cause) {
    if (stopping || removing.contains(group)) {
      return;
    }
    report("the replica of Raft group " + group + " cannot install its state from the leader: " + cause);
  }

  private void report(String failure) {
    List<Consumer<String>> toTell;
    synchronized (this) {
      if (first != null) {
        LOG.warn("Another replica failed after the first: {}", failure);
        return;
      }
      first = failure;
      toTell = List.copyOf(listeners);
    }
    toTell.forEach(listener -> listener.accept(failure));
  }

  /** Runs {@code listener} (once) on the first failure, at once if there was one already. */
  void onFailure(Consumer<String> listener) {
    String already;
    synchronized (this) {
      listeners.add(listener);
      already = first;
    }
    if (already != null) {
      listener.accept(already);
    }
  }

  /** The first failure, or null. */
  synchronized String first() {
    return first;
  }
}
