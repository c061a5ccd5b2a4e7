package io.basalt.storage.replication;

import java.io.IOException;

/**
 * What one replica of a Raft group replicates: the tablet's cells or the catalog, as kept in this node's store.
 * The group's log is the write-ahead log of this state, so the state records with every change the index of the
 * entry that made it, in the same atomic write; after a crash it holds exactly the entries up to that index, and
 * the group applies the rest of its log again.
 */
public interface ReplicaState {
  /** The entry the state holds everything up to, as recorded with it; {@link AppliedIndex#NONE} if none. */
  AppliedIndex applied() throws IOException;

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
}
