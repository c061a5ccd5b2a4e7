package io.basalt.conformance.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.mapreduce.ImportTsv;
import org.apache.hadoop.hbase.tool.BulkLoadHFilesTool;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * HBase 2.6.4's ImportTsv, run as {@code hbase importtsv} runs it, loads the same tab-separated file into a
 * three-region table on Basalt as on real HBase: the same rows, columns, versions (each line's own timestamp
 * column) and empty values, and neither keeps the lines it rejects (a timestamp that is no number, more fields than
 * columns). Without {@code importtsv.bulk.output} its mappers write puts through the client; with it they write
 * HFiles for the table's regions (HFileOutputFormat2), which HBase's BulkLoadHFilesTool then loads.
 */
class ImportTsvTest {
  @RegisterExtension
  static final BasaltAndHBase SERVERS = new BasaltAndHBase();

  private static final String COLUMNS = "HBASE_ROW_KEY,HBASE_TS_KEY,f:a,g:c,h:e";

  @TempDir
  Path work;

  @Test
  void importsTheSameCellsAsHBase() throws Exception {
    Path input = Files.writeString(work.resolve("input.tsv"), String.join("\n", lines()) + "\n",
        StandardCharsets.UTF_8);
    TableName table = SERVERS.newTable("importtsv");

    List<String> hbase = importInto(SERVERS.hbase(), table, input);
    List<String> basalt = importInto(SERVERS.basalt(), table, input);

    assertEquals(hbase, basalt, "the cells ImportTsv wrote to HBase (expected) and to Basalt (actual)");
    assertTrue(basalt.stream().anyMatch(cell -> cell.startsWith(SampleTable.rowKey(SampleTable.ROWS - 1))),
        "the last line's row was imported: " + basalt);
    assertTrue(basalt.stream().noneMatch(cell -> cell.startsWith("bad")), "a rejected line was imported: " + basalt);
  }

  @Test
  void itsBulkOutputLoadsTheSameCellsAsHBase() throws Exception {
    Path input = Files.writeString(work.resolve("bulk.tsv"), String.join("\n", lines()) + "\n",
        StandardCharsets.UTF_8);
    TableName table = SERVERS.newTable("importtsv_bulk");

    List<String> hbase = bulkImportInto(SERVERS.hbase(), table, input);
    List<String> basalt = bulkImportInto(SERVERS.basalt(), table, input);

    assertEquals(hbase, basalt, "the cells ImportTsv's HFiles loaded into HBase (expected) and into Basalt (actual)");
    assertTrue(basalt.stream().anyMatch(cell -> cell.startsWith(SampleTable.rowKey(SampleTable.ROWS - 1))),
        "the last line's row was loaded: " + basalt);
  }

  /**
   * Creates the empty sample table on {@code server}, has ImportTsv write {@code input} as HFiles for its regions
   * ({@code importtsv.bulk.output}, HFileOutputFormat2) and loads them with BulkLoadHFilesTool; returns its cells.
   */
  private List<String> bulkImportInto(Server server, TableName table, Path input) throws Exception {
    SampleTable.create(server, table);
    Configuration conf = server.jobConfiguration(work.resolve(server.name() + "-bulk"));
    conf.set("importtsv.columns", COLUMNS);
    Path hfiles = work.resolve(server.name() + "-hfiles");
    conf.set("importtsv.bulk.output", hfiles.toUri().toString());
    server.run(new ImportTsv(), conf, table.getNameAsString(), input.toUri().toString());
    server.run(new BulkLoadHFilesTool(conf), conf, hfiles.toString(), table.getNameAsString());
    return TableCells.visible(server, table);
  }

  /** Creates the empty sample table on {@code server}, imports {@code input} into it and returns its cells. */
  private List<String> importInto(Server server, TableName table, Path input) throws Exception {
    SampleTable.create(server, table);
    Configuration conf = server.jobConfiguration(work.resolve(server.name()));
    conf.set("importtsv.columns", COLUMNS);
    server.run(new ImportTsv(), conf, table.getNameAsString(), input.toUri().toString());
    return TableCells.visible(server, table);
  }

  /**
   * Rows over all three regions, some on two lines with different timestamps (two versions), some with an empty
   * field (an empty value, as {@code importtsv.skip.empty.columns} is off), and two lines ImportTsv rejects.
   */
  private static List<String> lines() {
    List<String> lines = new ArrayList<>();
    for (int r = 0; r < SampleTable.ROWS; r += 2) {
      String row = SampleTable.rowKey(r);
      lines.add(String.join("\t", row, Long.toString(SampleTable.T[0]), "a" + r, "c" + r, r % 3 == 0 ? "" : "e" + r));
      if (r % 4 == 0) {
        lines.add(String.join("\t", row, Long.toString(SampleTable.T[1]), "a" + r + "-later", "c" + r + "-later",
            "e" + r + "-later"));
      }
    }
    lines.add(String.join("\t", SampleTable.rowKey(SampleTable.ROWS - 1), Long.toString(SampleTable.T[2]), "last",
        "last", "last"));
    lines.add(String.join("\t", "bad-timestamp", "yesterday", "a", "c", "e"));
    lines.add(String.join("\t", "bad-too-many-fields", Long.toString(SampleTable.T[0]), "a", "c", "e", "extra"));
    return lines;
  }
}
