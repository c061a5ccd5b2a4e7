package io.basalt.server.rpc;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * How often the short calls of each method have lately had to go to a handler because they would have waited on a
 * network thread. A method whose calls mostly would wait (gets of a table far larger than the block cache, say)
 * is tried on the network thread only now and then, so that such a workload does not pay for most of its calls
 * twice, while a change back (the cache warms up) is still noticed.
 *
 * <p>The rates are updated without locks by several network threads; an update lost now and then only delays
 * the estimate, which is all a heuristic needs.
 */
final class WaitHistory {
  /** Weight of the newest call in the moving average: about the last hundred calls count. */
  private static final double WEIGHT = 1.0 / 100;
  /** Above this share of calls that would have waited, a method is tried on a network thread only sometimes. */
  private static final double MOSTLY_WAITS = 0.5;
  /** While a method mostly waits, one call in this many is still tried, to notice when that changes. */
  static final int TRY_ONE_IN = 16;

  private final Map<String, Rate> byMethod = new ConcurrentHashMap<>();

  /** Whether a short call of this method is worth trying on the network thread that read it. */
  boolean worthTrying(String method) {
    Rate rate = byMethod.get(method);
    return rate == null || rate.waited < MOSTLY_WAITS || rate.skipped++ % TRY_ONE_IN == 0;
  }

  /** Records how a short call of this method that was tried went. */
  void record(String method, boolean waited) {
    Rate rate = byMethod.computeIfAbsent(method, name -> new Rate());
    rate.waited += ((waited ? 1.0 : 0.0) - rate.waited) * WEIGHT;
  }

  /** The method's current share of tried calls that would have waited, between 0 and 1. */
  double waitedShare(String method) {
    Rate rate = byMethod.get(method);
    return rate == null ? 0 : rate.waited;
  }

  private static final class Rate {
    volatile double waited;
    volatile int skipped;
  }
}
