package io.basalt.hbase.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class RequestRateTest {
  @Test
  void noRateUntilTwoSamples() {
    RequestRate rate = new RequestRate(3);
    assertEquals(0, rate.perSecond());
    assertEquals(50, rate.record(1_000, 50), "the first sample's growth is its whole total");
    assertEquals(0, rate.perSecond());
  }

  @Test
  void rateIsTheGrowthAcrossTheWindowPerSecond() {
    RequestRate rate = new RequestRate(3);
    rate.record(1_000, 0);
    assertEquals(10, rate.record(2_000, 10));
    assertEquals(10.0, rate.perSecond(), 1e-9);
    assertEquals(30, rate.record(3_000, 40));
    assertEquals(20.0, rate.perSecond(), 1e-9, "40 requests over 2 s");
  }

  @Test
  void oldSamplesLeaveTheWindow() {
    RequestRate rate = new RequestRate(3);
    rate.record(1_000, 0);
    rate.record(2_000, 1_000); // a burst, then quiet
    rate.record(3_000, 1_000);
    assertEquals(500.0, rate.perSecond(), 1e-9);
    rate.record(4_000, 1_000);
    assertEquals(0.0, rate.perSecond(), 1e-9, "the burst is more than two intervals old");
  }

  @Test
  void aLateSampleWidensItsInterval() {
    RequestRate rate = new RequestRate(2);
    rate.record(1_000, 0);
    rate.record(5_000, 100);
    assertEquals(25.0, rate.perSecond(), 1e-9);
  }

  @Test
  void samplesAtTheSameMomentGiveNoRate() {
    RequestRate rate = new RequestRate(2);
    rate.record(1_000, 0);
    rate.record(1_000, 100);
    assertEquals(0.0, rate.perSecond());
  }

  @Test
  void needsTwoSamples() {
    assertThrows(IllegalArgumentException.class, () -> new RequestRate(1));
  }
}
