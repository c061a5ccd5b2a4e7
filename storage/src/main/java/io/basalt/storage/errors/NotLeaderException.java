package io.basalt.storage.errors;

import java.util.OptionalInt;

/**
 * This node does not lead the Raft group an operation needs (a tablet's, or the catalog's): nothing was done here.
 * Carries the node that leads it as far as this node knows, so the layer above can send the client there.
 */
public final class NotLeaderException extends StorageException {
  private static final long serialVersionUID = 1L;
  private final int leaderNode;

  /** @param leaderNode the 1-based id of the node leading the group, or 0 if this node does not know one */
  public NotLeaderException(String what, int leaderNode) {
    super("this node does not lead " + what + (leaderNode > 0 ? "; node " + leaderNode + " does" : ""));
    this.leaderNode = leaderNode;
  }

  public OptionalInt leaderNode() {
    return leaderNode > 0 ? OptionalInt.of(leaderNode) : OptionalInt.empty();
  }
}
