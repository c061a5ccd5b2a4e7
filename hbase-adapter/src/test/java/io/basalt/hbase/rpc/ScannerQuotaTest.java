package io.basalt.hbase.rpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.junit.jupiter.api.Test;

/** A connection's scanner allowance: refusing past its limit, naming the setting, and refilled on release. */
class ScannerQuotaTest {
  @Test
  void refusesBeyondTheLimitUntilAScannerIsReleased() throws DoNotRetryIOException {
    ScannerQuota quota = new ScannerQuota(2, "some.setting");
    quota.acquire();
    quota.acquire();
    DoNotRetryIOException refused = assertThrows(DoNotRetryIOException.class, quota::acquire);
    assertTrue(refused.getMessage().contains("some.setting"), refused.getMessage());
    assertEquals(2, quota.open(), "a refusal takes nothing");
    quota.release();
    quota.acquire();
    assertEquals(2, quota.open());
  }

  @Test
  void aLimitMustBePositive() {
    assertThrows(IllegalArgumentException.class, () -> new ScannerQuota(0, "some.setting"));
  }
}
