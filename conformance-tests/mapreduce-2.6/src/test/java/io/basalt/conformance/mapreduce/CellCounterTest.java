package io.basalt.conformance.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.mapreduce.CellCounter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * HBase 2.6.4's CellCounter, run as {@code hbase cellcounter} runs it, writes the same report for the same
 * three-region sample on Basalt as on real HBase: every line of its output file (rows, families and qualifiers
 * in all, and the versions of each row's columns, counted over every version a read sees) is the same.
 */
class CellCounterTest {
  @RegisterExtension
  static final BasaltAndHBase SERVERS = new BasaltAndHBase();

  @TempDir
  Path work;

  @Test
  void reportsTheSameCountsAsHBase() throws Exception {
    TableName table = SERVERS.newTable("cellcounter");
    List<String> hbase = countCells(SERVERS.hbase(), table);
    List<String> basalt = countCells(SERVERS.basalt(), table);

    assertEquals(hbase, basalt, "CellCounter's report on HBase (expected) and Basalt (actual)");
    assertTrue(basalt.stream().anyMatch(line -> line.startsWith("Total ROWS\t")), "a total of rows in " + basalt);
  }

  /** Writes the sample on {@code server}, runs CellCounter over it and returns its report's lines. */
  private List<String> countCells(Server server, TableName table) throws Exception {
    SampleTable.createAndLoad(server, table);
    Path output = work.resolve(server.name()).resolve("report");
    server.run(new CellCounter(), work.resolve(server.name()), table.getNameAsString(), output.toUri().toString());
    List<String> lines = new ArrayList<>();
    try (Stream<Path> files = Files.list(output)) {
      for (Path part : files.filter(f -> f.getFileName().toString().startsWith("part-r-")).sorted().toList()) {
        lines.addAll(Files.readAllLines(part, StandardCharsets.UTF_8));
      }
    }
    if (lines.isEmpty()) {
      throw new IOException("CellCounter wrote no report under " + output);
    }
    return lines;
  }
}
