package io.basalt.storage.data;

import io.basalt.storage.errors.WouldBlockException;

/**
 * Whether an operation may wait: for a row lock held by another writer, a block that is not in the block cache, a
 * write stall, an fsync, or a schema change of the table. A server tries a short call on the network thread that
 * read it, where waiting would hold up every other connection the thread serves, and passes {@link #REFUSED} to
 * each operation the call makes. Such an operation throws {@link WouldBlockException} before changing anything
 * where it would have waited, and the caller runs the whole call again, with {@link #ALLOWED}, on a thread that may
 * wait.
 *
 * <p>A parameter of each operation, not an ambient state of the thread, so that every place that may refuse is
 * visible at its call site and nothing below a call changes behaviour unseen.
 */
public enum Waiting {
  /** The operation waits as long as it must (within its own timeouts). */
  ALLOWED,
  /** The operation throws {@link WouldBlockException}, having changed nothing, where it would have to wait. */
  REFUSED;

  /** Throws {@link WouldBlockException} with {@code reason} if waiting is refused. */
  public void refuse(String reason) {
    if (this == REFUSED) {
      throw new WouldBlockException(reason);
    }
  }
}
