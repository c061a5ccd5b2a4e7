package io.basalt.hbase.scan;

import io.basalt.hbase.metrics.RequestMetrics;
import io.basalt.hbase.read.RegionScanner;
import io.basalt.hbase.read.ScanLimits;
import io.basalt.hbase.region.Region;
import io.basalt.hbase.rpc.ScannerQuota;
import io.basalt.hbase.testing.ForwardingRegion;
import io.basalt.hbase.testing.ServedTables;
import io.basalt.storage.data.Waiting;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.hbase.CompareOperator;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.NotServingRegionException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.UnknownScannerException;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.RegionInfoBuilder;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.exceptions.ScannerResetException;
import org.apache.hadoop.hbase.filter.LongComparator;
import org.apache.hadoop.hbase.filter.ValueFilter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A scanner that fails is closed and forgotten, as in HBase: a failure the client may retry becomes a
 * ScannerResetException (the client reopens from the last row it received), one it may not is passed on as it is.
 * And a connection holds at most so many scanners: each takes a place of its quota until it closes, however it
 * closes, and a scanner that never opened takes none.
 */
class ScanHandlerFailuresTest {
  private static final TableName TABLE = TableName.valueOf("t");
  private static final byte[] F = toBytes("f");

  @TempDir
  Path directory;

  private ServedTables tables;
  private ScannerRegistry registry;
  private ScanCalls client;
  private byte[] region;

  @BeforeEach
  void setUp() throws IOException {
    tables = ServedTables.open(directory);
    tables.create(TABLE, List.of(), F);
    for (int i = 0; i < 5; i++) {
      tables.region(TABLE, 0).mutate(new Put(toBytes("r" + i)).addColumn(F, F, toBytes("v" + i)), 0, 0,
          Waiting.ALLOWED);
    }
    registry = new ScannerRegistry(tables.clock(), 60_000);
    client = new ScanCalls(new ScanHandler(tables.resolver(), registry, 100L << 20, new RequestMetrics(10_000)),
        new ScannerQuota(2, "test.scanners.per.connection"));
    region = tables.regionName(TABLE, 0);
  }

  @AfterEach
  void tearDown() {
    registry.close();
    tables.close();
  }

  @Test
  void aScannerThatFailsIsDiscardedAndTheClientToldToReopen() throws IOException {
    RegionInfo name = RegionInfoBuilder.newBuilder(TableName.valueOf("failing")).build();
    Region failing = new ForwardingRegion(tables.region(TABLE, 0), name) {
      @Override
      public RegionScanner openScanner(Scan scan, Waiting waiting) throws IOException {
        return new FailsOnSecondBatch(super.openScanner(scan, waiting));
      }
    };
    ScanCalls calls = new ScanCalls(new ScanHandler(tables.resolverAlsoServing(failing), registry, 100L << 20,
        new RequestMetrics(10_000)), client.quota());
    long id = calls.open(name.getRegionName(), new Scan(), 2).scannerId();
    assertEquals(1, registry.openCount());
    ScannerResetException reset = assertThrows(ScannerResetException.class, () -> calls.next(id, 2, 0));
    assertTrue(reset.getMessage().contains("disk went away"), reset.getMessage());
    assertEquals(0, registry.openCount());
    assertEquals(0, client.quota().open(), "its place in the quota is free again");
    // Forgotten, not remembered as closed: a retry on the same scanner must not look like the end of the region.
    assertThrows(UnknownScannerException.class, () -> calls.next(id, 2, 1));
  }

  @Test
  void aFailureNotWorthRetryingIsPassedOnAndTheScannerDiscarded() throws IOException {
    // A LongComparator meeting a value that is not 8 bytes long fails the read for good.
    Scan scan = new Scan().setFilter(new ValueFilter(CompareOperator.EQUAL, new LongComparator(5)));
    assertThrows(DoNotRetryIOException.class, () -> client.open(region, scan, 2));
    assertEquals(0, registry.openCount());
    assertEquals(0, client.quota().open());
  }

  @Test
  void aConnectionOpensNoMoreScannersThanItsQuotaUntilOneCloses() throws IOException {
    long first = client.open(region, new Scan(), 1).scannerId();
    long second = client.open(region, new Scan(), 1).scannerId();
    DoNotRetryIOException refused = assertThrows(DoNotRetryIOException.class,
        () -> client.open(region, new Scan(), 1));
    assertTrue(refused.getMessage().contains("test.scanners.per.connection"), refused.getMessage());
    assertEquals(2, registry.openCount(), "the refused scan registered nothing");
    // Even a scan that would read its region in its first call needs a place to open.
    assertThrows(DoNotRetryIOException.class, () -> client.open(region, new Scan(), 100));

    client.close(first);
    assertEquals(List.of("r0", "r1", "r2", "r3", "r4"), client.open(region, new Scan(), 100).rows());
    assertEquals(1, client.quota().open(), "that scan ended with its first call");
    assertEquals(List.of("r1", "r2", "r3", "r4"), client.next(second, 100, 0).rows());
    assertEquals(0, client.quota().open(), "a scanner that reached its region's end gave its place back");
  }

  @Test
  void aScannerThatCouldNotOpenTakesNoPlace() throws IOException {
    tables.ddl().disable(TABLE);
    // The directory serves the disabled table's region, which refuses to open a scanner.
    assertThrows(NotServingRegionException.class, () -> client.open(region, new Scan(), 1));
    assertThrows(NotServingRegionException.class, () -> client.open(toBytes("no such region"), new Scan(), 1));
    assertEquals(0, client.quota().open());
    assertEquals(0, registry.openCount());
    tables.ddl().enable(TABLE);
    client.open(region, new Scan(), 1);
    client.open(region, new Scan(), 1);
    assertEquals(2, client.quota().open());
  }

  /** A scanner whose storage fails after its first batch, as a read error of the disk would. */
  private static final class FailsOnSecondBatch implements RegionScanner {
    private final RegionScanner scanner;
    private int batches;

    FailsOnSecondBatch(RegionScanner scanner) {
      this.scanner = scanner;
    }

    @Override
    public RegionInfo region() {
      return scanner.region();
    }

    @Override
    public Batch next(ScanLimits limits, Waiting waiting) throws IOException {
      if (++batches > 1) {
        throw new IOException("the disk went away");
      }
      return scanner.next(limits, waiting);
    }

    @Override
    public void close() {
      scanner.close();
    }
  }
}
