package io.basalt.storage.replication;

import java.io.IOException;
import java.util.concurrent.CompletableFuture;

/**
 * What one replica of a Raft group replicates: the tablet's cells or the catalog, as kept in this node's store.
 * The group's log is the write-ahead log of this state, so the state records with every change the index of the
 * entry that made it, in the same atomic write; after a crash it holds exactly the entries up to that index, and
 * the group applies the rest of its log again.
 *
 * <p>A replica that needs entries its leader has already forgotten (it was stopped while the others went on, or its
 * disk was wiped) cannot catch up from the log: it fetches the state itself from the leader ({@link #fetch}, which
 * the leader's replica answers in {@link #serve}), installs it ({@link Fetched#install}), and follows the log from
 * the index the state was fetched at.
 */
public interface ReplicaState {
  /**
   * The entry the state holds everything up to, as recorded with it; {@link AppliedIndex#NONE} if none, or if an
   * install was interrupted and the state is partly the old and partly the new one.
   */
  AppliedIndex applied() throws IOException;

  /**
   * Whether this replica holds none of the group's state where other members hold it, so must install it before it
   * stands for leader: two such members would otherwise elect each other and lead the group without its state.
   * Asked when the group starts on this node; the replica keeps out of elections until its first install.
   */
  default boolean awaitsInstall() throws IOException {
    return false;
  }

  /**
   * Applies one committed entry and records {@code at} with its effects, atomically. Every replica applies the same
   * entries in the same order and must reach the same state: the entry carries every decision (timestamps, ids,
   * counter values), and applying depends on nothing but the state and the entry. Returns what to tell the writer.
   * A failure stops this replica (it must not skip an entry), so throw only where the store itself failed.
   */
  byte[] apply(AppliedIndex at, byte[] entry) throws IOException;

  /**
   * Makes everything applied up to {@code upTo} durable (the store's memtables hold it until then), recording
   * {@code upTo} itself even if no entry of the state's own came after the last recorded one; the group then
   * forgets its log up to there.
   */
  void persist(AppliedIndex upTo) throws IOException;

  /**
   * Answers a request another replica of the group sent while fetching the state ({@link #fetch}). Called on Ratis's
   * threads, so it returns at once and does slow work (writing the state out) elsewhere.
   */
  CompletableFuture<byte[]> serve(byte[] request);

  /**
   * Fetches the group's state from another member into local files, changing nothing of this replica's state yet.
   * Called on a thread of its own, not Ratis's; it may take long.
   *
   * @throws IOException if the member could not be reached or could not give the state; the group asks again
   */
  Fetched fetch(StateSource source) throws IOException;

  /** A state fetched for install, kept in local files until closed. */
  interface Fetched extends AutoCloseable {
    /** The entry the fetched state holds everything up to. */
    AppliedIndex index();

    /**
     * Makes this replica's state the fetched one and records {@link #index()} with it. Called while no entry is
     * applied. Must leave, whatever crash interrupts it, a state that does not claim the old index: until it
     * returns, {@link ReplicaState#applied} answers the new index or {@link AppliedIndex#NONE}.
     */
    void install() throws IOException;

    /** Bytes fetched, for the log. */
    long bytes();

    /** Releases what the fetch holds here and on the member it came from. */
    @Override
    void close();
  }
}
