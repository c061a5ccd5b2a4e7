package io.basalt.tools.copy;

import java.io.IOException;
import java.util.List;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.BufferedMutator;
import org.apache.hadoop.hbase.client.BufferedMutatorParams;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Table;

/** Copies every stored cell of a table, region by region, several regions at once. */
final class DataCopier {
  private static final long WRITE_BUFFER_BYTES = 4L << 20;

  private final Connection source;
  private final Connection target;
  private final int parallelism;

  DataCopier(Connection source, Connection target, int parallelism) {
    this.source = source;
    this.target = target;
    this.parallelism = parallelism;
  }

  void copy(TableName from, TableName to, List<Regions.KeyRange> regions, CopyProgress progress)
      throws IOException {
    BufferedMutatorParams params = new BufferedMutatorParams(to).writeBufferSize(WRITE_BUFFER_BYTES);
    try (Table table = source.getTable(from); BufferedMutator writer = target.getBufferedMutator(params)) {
      RegionTasks.run(regions, parallelism, region -> {
        try (ResultScanner scanner = table.getScanner(RawScans.of(region))) {
          for (Result result = scanner.next(); result != null; result = scanner.next()) {
            writer.mutate(RawMutations.of(result));
            progress.addCells(RawMutations.cells(result).length);
            if (!result.mayHaveMoreCellsInRow()) {
              progress.addRow();
            }
          }
        }
        // A region counts as copied once its writes are acknowledged, not merely buffered.
        writer.flush();
        progress.regionDone();
      });
    }
  }
}
