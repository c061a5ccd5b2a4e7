package io.basalt.tools.copy;

import java.io.IOException;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;

/**
 * Compares a source table with its copy: the schema, then every stored cell (all versions and delete markers, by
 * raw scans) region by region, several regions at once. Region boundaries are reported, not counted as
 * differences: both clusters split and merge on their own.
 */
final class Verifier {
  private final Connection source;
  private final Connection target;
  private final int parallelism;

  Verifier(Connection source, Connection target, int parallelism) {
    this.source = source;
    this.target = target;
    this.parallelism = parallelism;
  }

  void compare(TableName from, TableName to, List<Regions.KeyRange> regions, Differences differences,
      CopyProgress progress) throws IOException {
    try (Admin sourceAdmin = source.getAdmin(); Admin targetAdmin = target.getAdmin()) {
      if (!targetAdmin.tableExists(to)) {
        throw new IOException("the target has no table " + to);
      }
      TableDescriptor sourceSchema = TableDescriptorBuilder.copy(to, sourceAdmin.getDescriptor(from));
      SchemaDifferences.between(sourceSchema, targetAdmin.getDescriptor(to)).forEach(differences::schema);
    }
    try (Table sourceTable = source.getTable(from); Table targetTable = target.getTable(to)) {
      RegionTasks.run(regions, parallelism, region -> {
        try (ResultScanner a = sourceTable.getScanner(RawScans.of(region));
            ResultScanner b = targetTable.getScanner(RawScans.of(region))) {
          CellStreamDiff.compare(new ScannerCells(a, progress), new ScannerCells(b, null), differences);
        }
        progress.regionDone();
      });
    }
  }

  /** The cells of a scanner's results one after another, counted into the progress when there is one. */
  private static final class ScannerCells implements CellStreamDiff.CellSource {
    private final ResultScanner scanner;
    private final CopyProgress progress;
    private Cell[] cells = new Cell[0];
    private int next;

    ScannerCells(ResultScanner scanner, CopyProgress progress) {
      this.scanner = scanner;
      this.progress = progress;
    }

    @Override
    public Cell next() throws IOException {
      while (next == cells.length) {
        Result result = scanner.next();
        if (result == null) {
          return null;
        }
        cells = RawMutations.cells(result);
        next = 0;
        if (progress != null) {
          progress.addCells(cells.length);
          if (!result.mayHaveMoreCellsInRow()) {
            progress.addRow();
          }
        }
      }
      return cells[next++];
    }
  }
}
