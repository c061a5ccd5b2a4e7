package io.basalt.hbase.read;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.Result;

/**
 * Scans the rows of a {@link RowSource} through a {@link RowReader}, skipping rows with nothing visible. Looks one
 * row ahead so that the batch which empties the region says so, sparing the client a round trip.
 */
public final class RowScanner implements RegionScanner {
  private final RegionInfo region;
  private final RowSource source;
  private final RowReader reader;
  private boolean rowPending;
  private boolean exhausted;

  public RowScanner(RegionInfo region, RowSource source, ReadSpec spec) {
    this.region = region;
    this.source = source;
    this.reader = new RowReader(spec);
  }

  @Override
  public RegionInfo region() {
    return region;
  }

  @Override
  public Batch next(int maxRows, long maxBytes) throws IOException {
    List<Result> results = new ArrayList<>();
    long bytes = 0;
    while (results.size() < maxRows && bytes < maxBytes && advance()) {
      rowPending = false;
      List<Cell> cells = reader.readRow(source);
      if (!cells.isEmpty()) {
        results.add(Result.create(cells));
        for (Cell cell : cells) {
          bytes += cell.getSerializedSize();
        }
      }
    }
    return new Batch(results, advance());
  }

  /** Positions on the next row unless one is already waiting; false when the region is exhausted. */
  private boolean advance() throws IOException {
    if (!rowPending && !exhausted) {
      rowPending = source.nextRow();
      exhausted = !rowPending;
    }
    return rowPending;
  }

  @Override
  public void close() {
    source.close();
  }
}
