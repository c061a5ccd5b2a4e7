package io.basalt.hbase.scan;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.basalt.hbase.read.RegionScanner;
import io.basalt.hbase.read.ScanLimits;
import io.basalt.hbase.rpc.ScannerQuota;
import io.basalt.hbase.testing.ManualClock;
import io.basalt.storage.data.Waiting;
import java.util.List;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.UnknownScannerException;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.RegionInfoBuilder;
import org.junit.jupiter.api.Test;

/**
 * Scanner ids after their scanner is gone: a closed one is answered quietly (null) for one lease after the last
 * call for it, as HBase's cache of closed scanners does, and is unknown after that, like an id never issued.
 */
class ScannerRegistryTest {
  private static final long LEASE = 1_000;
  private final ManualClock clock = new ManualClock();

  @Test
  void aClosedScannerIsRememberedForALeaseAfterTheLastCallForIt() throws UnknownScannerException {
    try (ScannerRegistry registry = new ScannerRegistry(clock, LEASE)) {
      long id = registry.newId();
      OpenScanner entry = registry.register(id, new EmptyScanner(), 1024, false, ScannerQuota.unlimited(), "test",
          false);
      assertSame(entry, registry.lookup(id));
      registry.close(entry);
      assertNull(registry.lookup(id));
      clock.advance(LEASE - 100);
      assertNull(registry.lookup(id), "each late call keeps it remembered for another lease");
      clock.advance(LEASE - 100);
      assertNull(registry.lookup(id));
      clock.advance(LEASE + 1);
      assertThrows(UnknownScannerException.class, () -> registry.lookup(id));
      assertThrows(UnknownScannerException.class, () -> registry.lookup(id), "and stays forgotten");
    }
  }

  @Test
  void aScannerThatEndedWithItsFirstBatchIsRememberedToo() throws UnknownScannerException {
    try (ScannerRegistry registry = new ScannerRegistry(clock, LEASE)) {
      long id = registry.newId();
      registry.markClosed(id);
      assertNull(registry.lookup(id));
      clock.advance(LEASE + 1);
      assertThrows(UnknownScannerException.class, () -> registry.lookup(id));
    }
  }

  @Test
  void anIdNeverIssuedIsUnknown() {
    try (ScannerRegistry registry = new ScannerRegistry(clock, LEASE)) {
      long id = registry.newId();
      assertThrows(UnknownScannerException.class, () -> registry.lookup(id + 1));
    }
  }

  private static final class EmptyScanner implements RegionScanner {
    @Override
    public RegionInfo region() {
      return RegionInfoBuilder.newBuilder(TableName.valueOf("t")).build();
    }

    @Override
    public Batch next(ScanLimits limits, Waiting waiting) {
      return new Batch(List.of(), false, false, false, null, 0, 0);
    }

    @Override
    public void close() {}
  }
}
