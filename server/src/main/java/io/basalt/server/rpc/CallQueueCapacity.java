package io.basalt.server.rpc;

import io.basalt.server.config.BasaltConfig;
import io.basalt.server.config.ConfigException;
import io.basalt.server.config.Settings;

/**
 * How many calls may wait for a handler before clients are told to back off, as many as HBase's region server lets
 * wait with the same settings. HBase splits its handlers' calls over several queues,
 * {@code max(1, round(handlers × hbase.ipc.server.callqueue.handler.factor))} of them (3 for the default 30 handlers
 * and 0.1), each holding {@code hbase.ipc.server.max.callqueue.length} calls (default ten a handler, 300): 900 calls
 * in all by default (RpcExecutor.computeNumCallQueues, SimpleRpcScheduler). Basalt's one queue holds that total.
 * With one queue of 300, as before, Basalt refused calls at half the gets a second it could serve: a 15 ms pause
 * (a collection) at 20,000 gets a second leaves 300 calls to hand out at once (the capacity benchmark, 2026-11-29).
 */
public final class CallQueueCapacity {
  private static final int CALLS_PER_HANDLER = 10;

  private CallQueueCapacity() {}

  public static int of(BasaltConfig config) throws ConfigException {
    int handlers = config.positiveInt(Settings.HANDLER_COUNT);
    String length = config.get(Settings.CALL_QUEUE_LENGTH).trim();
    int perQueue = length.isEmpty() ? handlers * CALLS_PER_HANDLER : config.positiveInt(Settings.CALL_QUEUE_LENGTH);
    float factor;
    try {
      factor = Float.parseFloat(config.get(Settings.CALL_QUEUE_HANDLER_FACTOR).trim());
    } catch (NumberFormatException e) {
      throw new ConfigException(Settings.CALL_QUEUE_HANDLER_FACTOR.key() + " must be a number from 0 to 1");
    }
    if (!(factor >= 0 && factor <= 1)) {
      throw new ConfigException(Settings.CALL_QUEUE_HANDLER_FACTOR.key() + " must be from 0 to 1, not " + factor);
    }
    return of(handlers, perQueue, factor);
  }

  /** The calls HBase's queues hold together for {@code handlers} handlers. */
  static int of(int handlers, int perQueue, float factor) {
    long queues = Math.max(1, Math.round(handlers * factor));
    return (int) Math.min(Integer.MAX_VALUE, queues * perQueue);
  }
}
