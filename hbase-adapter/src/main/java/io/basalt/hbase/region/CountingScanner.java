package io.basalt.hbase.region;

import io.basalt.hbase.read.RegionScanner;
import io.basalt.hbase.read.ScanLimits;
import io.basalt.hbase.stats.TabletRequests;
import io.basalt.storage.Waiting;
import java.io.IOException;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.Result;

/** A tablet's scanner that counts each batch it reads toward the tablet's requests and offers its rows to sampling. */
final class CountingScanner implements RegionScanner {
  private final RegionScanner scanner;
  private final TabletRequests requests;

  CountingScanner(RegionScanner scanner, TabletRequests requests) {
    this.scanner = scanner;
    this.requests = requests;
  }

  @Override
  public RegionInfo region() {
    return scanner.region();
  }

  @Override
  public Batch next(ScanLimits limits, Waiting waiting) throws IOException {
    Batch batch = scanner.next(limits, waiting);
    requests.countReads(batch.readRequests(), batch.filteredRows());
    for (Result result : batch.results()) {
      if (!result.isEmpty()) {
        Cell first = result.rawCells()[0];
        requests.touched(first.getRowArray(), first.getRowOffset(), first.getRowLength());
      }
    }
    return batch;
  }

  @Override
  public boolean readsWithoutWaiting() {
    return scanner.readsWithoutWaiting();
  }

  @Override
  public void close() {
    scanner.close();
  }
}
