package io.basalt.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class CommonPoolTest {
  @Test
  void machinesOfTwoCoresOrFewerGetTwoThreads() {
    assertEquals("2", CommonPool.sizeToSet(null, 1));
    assertEquals("2", CommonPool.sizeToSet(null, 2));
  }

  @Test
  void theJvmsSizeStandsFromThreeCoresOn() {
    assertNull(CommonPool.sizeToSet(null, 3));
    assertNull(CommonPool.sizeToSet(null, 64));
  }

  @Test
  void anOperatorsSizeStands() {
    assertNull(CommonPool.sizeToSet("1", 2));
    assertNull(CommonPool.sizeToSet("8", 2));
  }
}
