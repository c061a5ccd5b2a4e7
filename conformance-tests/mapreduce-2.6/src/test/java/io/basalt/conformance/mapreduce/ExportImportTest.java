package io.basalt.conformance.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.hbase.mapreduce.Export;
import org.apache.hadoop.hbase.mapreduce.Import;
import org.apache.hadoop.hbase.mapreduce.ResultSerialization;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.io.SequenceFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * HBase 2.6.4's Export and Import, the pair {@code hbase export} and {@code hbase import} run, move a table between
 * Basalt and real HBase through sequence files on the local file system. Export of the three-region sample with
 * all its versions and delete markers ({@code hbase.mapreduce.include.deleted.rows}) writes the same rows and cells
 * from Basalt as from HBase; HBase's export imported into Basalt, and Basalt's imported into HBase, give the table
 * HBase's export imported into HBase gives, markers included.
 */
class ExportImportTest {
  @RegisterExtension
  static final BasaltAndHBase SERVERS = new BasaltAndHBase();

  @TempDir
  Path work;

  @Test
  void exportsAndImportsAcrossBasaltAndHBase() throws Exception {
    Server hbase = SERVERS.hbase();
    Server basalt = SERVERS.basalt();
    TableName source = SERVERS.newTable("export_source");
    for (Server server : SERVERS.both()) {
      SampleTable.createAndLoad(server, source);
    }

    Path fromHBase = export(hbase, source);
    Path fromBasalt = export(basalt, source);
    List<String> hbaseRecords = records(hbase, fromHBase);
    assertEquals(hbaseRecords, records(basalt, fromBasalt), "Export's records from HBase (expected) and Basalt");
    assertTrue(hbaseRecords.stream().anyMatch(cell -> cell.contains("/DeleteFamily=")),
        "the export holds delete markers: " + hbaseRecords);

    TableName oracle = importInto(hbase, fromHBase);
    List<String> expected = TableCells.raw(hbase, oracle);
    assertEquals(TableCells.visible(hbase, source), TableCells.visible(hbase, oracle),
        "HBase's import of its own export reads as the source");

    TableName intoBasalt = importInto(basalt, fromHBase);
    assertEquals(expected, TableCells.raw(basalt, intoBasalt), "HBase's export imported: into HBase and Basalt");
    TableName intoHBase = importInto(hbase, fromBasalt);
    assertEquals(expected, TableCells.raw(hbase, intoHBase), "imported into HBase: HBase's and Basalt's export");
  }

  /** Runs Export of every version and delete marker of {@code table} on {@code server}; returns its directory. */
  private Path export(Server server, TableName table) throws Exception {
    Path output = work.resolve("export-from-" + server.name());
    Configuration conf = server.jobConfiguration(work.resolve(server.name()));
    conf.setBoolean("hbase.mapreduce.include.deleted.rows", true);
    server.run(new Export(), conf, table.getNameAsString(), output.toUri().toString(),
        Integer.toString(SampleTable.VERSIONS));
    return output;
  }

  /** Runs Import of {@code exported} into a new empty sample table on {@code server}; returns the table. */
  private TableName importInto(Server server, Path exported) throws Exception {
    TableName table = SERVERS.newTable("import_target");
    SampleTable.create(server, table);
    server.run(new Import(), work.resolve(server.name()), table.getNameAsString(), exported.toUri().toString());
    return table;
  }

  /**
   * Every cell of every record of an export, in row order: a map task writes one file per region, and the files
   * are numbered in the order Hadoop ran the tasks (largest split first), not in key order.
   */
  private static List<String> records(Server server, Path exported) throws IOException {
    Configuration conf = server.jobConfiguration(exported.resolveSibling("reading"));
    conf.setStrings("io.serializations", conf.get("io.serializations"), ResultSerialization.class.getName());
    List<Result> results = new ArrayList<>();
    try (Stream<Path> files = Files.list(exported)) {
      for (Path part : files.filter(f -> f.getFileName().toString().startsWith("part-m-")).sorted().toList()) {
        try (SequenceFile.Reader reader = new SequenceFile.Reader(conf,
            SequenceFile.Reader.file(new org.apache.hadoop.fs.Path(part.toUri())))) {
          ImmutableBytesWritable key = new ImmutableBytesWritable();
          while (reader.next(key)) {
            results.add((Result) reader.getCurrentValue((Object) null));
          }
        }
      }
    }
    results.sort((a, b) -> Bytes.compareTo(a.getRow(), b.getRow()));
    List<String> cells = new ArrayList<>();
    for (Result result : results) {
      for (Cell cell : result.rawCells()) {
        cells.add(TableCells.describe(cell, true));
      }
    }
    if (cells.isEmpty()) {
      throw new IOException("no records in the export under " + exported);
    }
    return cells;
  }
}
