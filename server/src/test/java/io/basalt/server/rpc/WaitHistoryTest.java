package io.basalt.server.rpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** A method whose calls mostly would wait is tried now and then, and fully again once they stop waiting. */
class WaitHistoryTest {
  private final WaitHistory waits = new WaitHistory();

  @Test
  void methodsAreTriedUntilTheyMostlyWaitThenOnlySometimesUntilTheyStop() {
    assertTrue(waits.worthTrying("ClientService.Get"));
    for (int i = 0; i < 200; i++) {
      waits.record("ClientService.Get", true);
      waits.record("ClientService.Mutate", i % 10 == 0);
    }
    assertTrue(waits.waitedShare("ClientService.Get") > 0.5);
    assertTrue(waits.worthTrying("ClientService.Mutate"), "one call in ten waiting is worth it");
    int tried = 0;
    for (int i = 0; i < 10 * WaitHistory.TRY_ONE_IN; i++) {
      if (waits.worthTrying("ClientService.Get")) {
        tried++;
      }
    }
    assertEquals(10, tried, "one in " + WaitHistory.TRY_ONE_IN);
    // The cache warmed up: the calls that are still tried stop waiting, and the method is tried every time again.
    for (int i = 0; i < 200; i++) {
      waits.record("ClientService.Get", false);
    }
    for (int i = 0; i < WaitHistory.TRY_ONE_IN; i++) {
      assertTrue(waits.worthTrying("ClientService.Get"));
    }
    assertFalse(waits.waitedShare("ClientService.Get") > 0.5);
  }
}
