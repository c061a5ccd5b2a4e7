package io.basalt.storage;

/**
 * A scope in which the current thread must not wait: a server runs a short call on the thread that read it from
 * the network, where waiting would hold up every other connection that thread serves. Inside the scope, storage
 * operations that would wait (for a row lock held by another writer, a block not in the block cache, a write
 * stall, an fsync) throw {@link WouldBlockException} before changing anything, and the caller runs the whole
 * operation again outside the scope on a thread that may wait.
 *
 * <p>A thread-local flag rather than a parameter, because the operations that may wait sit several layers below
 * the call (row locks, cursors, write batches) and their signatures stay the same either way.
 */
public final class NonBlocking {
  private static final ThreadLocal<Boolean> ACTIVE = new ThreadLocal<>();

  private NonBlocking() {}

  /** Enters the scope on the current thread until the returned handle is closed. Scopes do not nest. */
  public static Scope enter() {
    if (active()) {
      throw new IllegalStateException("already in a non-blocking scope");
    }
    ACTIVE.set(Boolean.TRUE);
    return new Scope();
  }

  /** Whether the current thread is in a non-blocking scope. */
  public static boolean active() {
    return ACTIVE.get() == Boolean.TRUE;
  }

  /** Throws {@link WouldBlockException} with {@code reason} if the current thread must not wait. */
  public static void refuseToWait(String reason) {
    if (active()) {
      throw new WouldBlockException(reason);
    }
  }

  /** The open scope; closing it lets the thread wait again. */
  public static final class Scope implements AutoCloseable {
    private Scope() {}

    @Override
    public void close() {
      // Cleared rather than removed: a thread enters scopes call after call, and each removal would make its next
      // lookup miss and insert the entry again.
      ACTIVE.set(Boolean.FALSE);
    }
  }
}
