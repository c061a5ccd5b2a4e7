package io.basalt.storage.replication;

import java.io.IOException;

/** A member of a group that a replica fetches the group's state from, asked through Ratis's own client port. */
public interface StateSource {
  /**
   * Sends {@code request} to the member's replica of the group ({@link ReplicaState#serve}) and returns its answer.
   *
   * @param pin whether the request pins the state to ship: the member answers it only once it has applied every
   *     entry this replica needs (up to the one before the first its leader still has); other requests are answered
   *     from the member's state as it is
   * @throws IOException if the member did not answer, or this replica stopped meanwhile
   */
  byte[] ask(byte[] request, boolean pin) throws IOException;

  /** The member's node id. */
  int node();
}
