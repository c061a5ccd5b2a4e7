package io.basalt.storage.errors;

/**
 * A replicated operation whose outcome this node cannot tell: the Raft group did not answer within its timeout, or
 * the node stopped while waiting. The operation may still take effect, so a caller retrying it must be able to do
 * so safely (HBase clients retry mutations under nonces).
 */
public final class ReplicationException extends StorageException {
  private static final long serialVersionUID = 1L;

  public ReplicationException(String message, Throwable cause) {
    super(message, cause);
  }
}
