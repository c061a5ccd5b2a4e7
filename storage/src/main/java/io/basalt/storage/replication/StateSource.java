package io.basalt.storage.replication;

import java.io.IOException;

/** A member of a group that a replica fetches the group's state from, asked through Ratis's own client port. */
public interface StateSource {
  /**
   * Sends {@code request} to the member's replica of the group ({@link ReplicaState#serve}) and returns its answer.
   *
   * @param current whether the member answers only once it has applied every entry committed when the request
   *     arrived (Raft's read index, as a linearizable read); otherwise it answers from its state as it is
   * @throws IOException if the member did not answer, or this replica stopped meanwhile
   */
  byte[] ask(byte[] request, boolean current) throws IOException;

  /** The member's node id. */
  int node();
}
