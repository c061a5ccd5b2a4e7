package io.basalt.server.rpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.basalt.server.config.BasaltConfig;
import io.basalt.server.config.ConfigException;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CallQueueCapacityTest {
  @Test
  void holdsAsManyCallsAsHBasesQueuesTogether() throws ConfigException {
    // 30 handlers, 0.1: three queues of ten calls a handler.
    assertEquals(900, CallQueueCapacity.of(BasaltConfig.of(Map.of())));
    assertEquals(2_000, CallQueueCapacity.of(BasaltConfig.of(Map.of("hbase.regionserver.handler.count", "20",
        "hbase.ipc.server.callqueue.handler.factor", "0.5", "hbase.ipc.server.max.callqueue.length", "200"))));
    // Fewer than one queue's worth of handlers still have one queue; ten calls a handler follows the handlers.
    assertEquals(40, CallQueueCapacity.of(BasaltConfig.of(Map.of("hbase.regionserver.handler.count", "4"))));
    assertEquals(300, CallQueueCapacity.of(BasaltConfig.of(Map.of("hbase.ipc.server.callqueue.handler.factor", "0"))));
  }

  @Test
  void refusesAFactorOutsideHBasesRange() {
    for (String factor : new String[] {"1.5", "-0.1", "many", "NaN"}) {
      assertThrows(ConfigException.class, () -> CallQueueCapacity.of(BasaltConfig.of(Map.of(
          "hbase.ipc.server.callqueue.handler.factor", factor))), factor);
    }
  }
}
