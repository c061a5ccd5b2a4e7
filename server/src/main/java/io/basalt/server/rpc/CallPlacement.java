package io.basalt.server.rpc;

import java.util.concurrent.atomic.LongAdder;

/**
 * Where the calls of an RPC server ran: on the network thread that read them, or on a handler thread, and how many
 * of the latter were short calls that would have had to wait on the network thread. Operators read it from
 * {@code /status}: a server whose short calls mostly go to handlers reads mostly from disk, or its rows are
 * contended.
 */
public final class CallPlacement {
  private final LongAdder onIoThreads = new LongAdder();
  private final LongAdder onHandlers = new LongAdder();
  private final LongAdder wouldHaveWaited = new LongAdder();

  void ranOnIoThread() {
    onIoThreads.increment();
  }

  void ranOnHandler() {
    onHandlers.increment();
  }

  void wouldHaveWaited() {
    wouldHaveWaited.increment();
  }

  /** The counts so far. */
  public Counts counts() {
    return new Counts(onIoThreads.sum(), onHandlers.sum(), wouldHaveWaited.sum());
  }

  /**
   * @param onIoThreads calls answered on the network thread that read them
   * @param onHandlers calls answered on a handler thread
   * @param wouldHaveWaited short calls tried on a network thread that went to a handler because they would have
   *     waited there (counted in {@code onHandlers} too)
   */
  public record Counts(long onIoThreads, long onHandlers, long wouldHaveWaited) {}
}
