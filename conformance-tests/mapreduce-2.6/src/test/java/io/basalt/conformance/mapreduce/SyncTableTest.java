package io.basalt.conformance.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.hbase.mapreduce.FinishedJobCounters;
import org.apache.hadoop.hbase.mapreduce.HashTable;
import org.apache.hadoop.hbase.mapreduce.SyncTable;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.mapreduce.Counter;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * HBase 2.6.4's HashTable and SyncTable, the pair {@code hbase org.apache.hadoop.hbase.mapreduce.HashTable} and
 * {@code ...SyncTable} run, bring a table on one system level with a table on the other. The source is the
 * three-region sample with a few rows and cells of its own, the target the sample with others of its own. HashTable
 * hashes the same batches of the source on Basalt as on HBase; SyncTable from HBase into Basalt and from Basalt into
 * HBase counts what it counts from HBase into HBase (batches matched and not, rows and cells missing on either
 * side, values that differ), and afterwards each target reads as its source.
 */
class SyncTableTest {
  @RegisterExtension
  static final BasaltAndHBase SERVERS = new BasaltAndHBase();

  /** Batches of 1,500 bytes: the sample hashes in several batches, some of which match and some not. */
  private static final int BATCH_BYTES = 1500;
  private static final String COUNTER_GROUP = SyncTable.class.getName() + "$SyncMapper$Counter";

  private static TableName source;
  private static Path hbaseHashes;
  private static Path basaltHashes;
  /** SyncTable's counters from HBase into HBase, which both directions are compared with; run once. */
  private static Map<String, Long> hbaseIntoHBase;

  @TempDir
  static Path work;

  @BeforeAll
  static void writeTheSourceOnBothAndHashIt() throws Exception {
    source = SERVERS.newTable("sync_source");
    for (Server server : SERVERS.both()) {
      SampleTable.createAndLoad(server, source);
      writeSourceOnlyCells(server, source);
    }
    hbaseHashes = hashTable(SERVERS.hbase());
    basaltHashes = hashTable(SERVERS.basalt());
  }

  @Test
  void hashesTheSameBatchesOnBasaltAsOnHBase() throws Exception {
    List<String> expected = hashes(hbaseHashes);
    assertEquals(expected, hashes(basaltHashes), "HashTable's batches and hashes on HBase (expected) and Basalt");
    assertTrue(expected.size() > SampleTable.SPLITS.length + 1, "more batches than regions: " + expected);
  }

  @Test
  void syncsFromHBaseIntoBasaltAsIntoHBase() throws Exception {
    Map<String, Long> oracle = oracle();
    Map<String, Long> basalt = sync(SERVERS.hbase(), hbaseHashes, SERVERS.basalt());

    assertEquals(oracle, basalt, "SyncTable's counters into HBase (expected) and into Basalt (actual)");
    for (String found : new String[] {"HASHES_MATCHED", "HASHES_NOT_MATCHED", "TARGETMISSINGROWS",
        "SOURCEMISSINGROWS", "TARGETMISSINGCELLS", "SOURCEMISSINGCELLS", "DIFFERENTCELLVALUES"}) {
      assertTrue(oracle.getOrDefault(found, 0L) > 0, "the tables differ so as to count " + found + ": " + oracle);
    }
  }

  @Test
  void syncsFromBasaltIntoHBaseAsFromHBase() throws Exception {
    Map<String, Long> oracle = oracle();
    Map<String, Long> fromBasalt = sync(SERVERS.basalt(), basaltHashes, SERVERS.hbase());

    assertEquals(oracle, fromBasalt, "SyncTable's counters from HBase (expected) and from Basalt (actual)");
  }

  private static synchronized Map<String, Long> oracle() throws Exception {
    if (hbaseIntoHBase == null) {
      hbaseIntoHBase = sync(SERVERS.hbase(), hbaseHashes, SERVERS.hbase());
    }
    return hbaseIntoHBase;
  }

  /**
   * Writes a new target table on {@code target}, runs SyncTable from the source on {@code from} (hashed into
   * {@code hashes}) into it, requires the target to read as the source afterwards, and returns SyncTable's
   * counters by name.
   */
  private static Map<String, Long> sync(Server from, Path hashes, Server target) throws Exception {
    TableName targetTable = SERVERS.newTable("sync_target");
    SampleTable.createAndLoad(target, targetTable);
    writeTargetOnlyCells(target, targetTable);
    assertNotEquals(TableCells.visible(from, source), TableCells.visible(target, targetTable),
        "the target differs from the source before SyncTable");

    // The job reads the target through the configuration it runs with, and the source through its cluster key.
    SyncTable syncTable = new SyncTable(target.jobConfiguration(work.resolve("sync-" + targetTable)));
    target.run(syncTable, syncTable.getConf(), "--sourcezkcluster=" + from.clusterKey(),
        "--targetzkcluster=" + target.clusterKey(), hashes.toUri().toString(), source.getNameAsString(),
        targetTable.getNameAsString());

    assertEquals(TableCells.visible(from, source), TableCells.visible(target, targetTable),
        "the target on " + target + " (actual) after SyncTable from the source on " + from + " (expected)");
    Map<String, Long> counters = new TreeMap<>();
    for (Counter counter : FinishedJobCounters.of(syncTable).getGroup(COUNTER_GROUP)) {
      counters.put(counter.getName(), counter.getValue());
    }
    return counters;
  }

  /** Runs HashTable over every version of the source on {@code server}; returns its output directory. */
  private static Path hashTable(Server server) throws Exception {
    Path output = work.resolve("hashes-of-" + server.name());
    Configuration conf = server.jobConfiguration(work.resolve("hash-" + server.name()));
    server.run(new HashTable(conf), conf, "--batchsize=" + BATCH_BYTES, "--numhashfiles=2",
        "--versions=" + SampleTable.VERSIONS, source.getNameAsString(), output.toUri().toString());
    return output;
  }

  /** Each batch's first row and hash, as hexadecimal text, in the order of HashTable's output files. */
  private static List<String> hashes(Path hashTableOutput) throws IOException {
    Configuration conf = new Configuration();
    List<String> batches = new ArrayList<>();
    try (Stream<Path> parts = Files.list(hashTableOutput.resolve("hashes"))) {
      for (Path part : parts.filter(p -> p.getFileName().toString().startsWith("part-r-")).sorted().toList()) {
        try (SequenceFile.Reader reader = new SequenceFile.Reader(conf,
            SequenceFile.Reader.file(new org.apache.hadoop.fs.Path(part.resolve("data").toUri())))) {
          ImmutableBytesWritable row = new ImmutableBytesWritable();
          ImmutableBytesWritable hash = new ImmutableBytesWritable();
          while (reader.next(row, hash)) {
            batches.add(Bytes.toStringBinary(row.copyBytes()) + "=" + Bytes.toHex(hash.copyBytes()));
          }
        }
      }
    }
    if (batches.isEmpty()) {
      throw new IOException("HashTable wrote no hashes under " + hashTableOutput);
    }
    return batches;
  }

  /**
   * What only the source has: a row of its own, a cell newer than any in a row both have, and a value written
   * again at the same timestamp (the newer write is what a read sees).
   */
  private static void writeSourceOnlyCells(Server server, TableName name) throws IOException {
    try (Table table = server.connection().getTable(name)) {
      table.put(List.of(
          new Put(Bytes.toBytes(SampleTable.rowKey(11) + "-source")).addColumn(SampleTable.F, Bytes.toBytes("a"),
              SampleTable.T[1], Bytes.toBytes("source only row")),
          new Put(SampleTable.row(24)).addColumn(SampleTable.H, Bytes.toBytes("s"), SampleTable.T[3],
              Bytes.toBytes("source only cell")),
          new Put(SampleTable.row(46)).addColumn(SampleTable.G, Bytes.toBytes("c"), SampleTable.T[1],
              Bytes.toBytes("source's value"))));
    }
  }

  /** What only the target has: a row of its own and a cell in a row both have. */
  private static void writeTargetOnlyCells(Server server, TableName name) throws IOException {
    try (Table table = server.connection().getTable(name)) {
      table.put(List.of(
          new Put(Bytes.toBytes(SampleTable.rowKey(31) + "-target")).addColumn(SampleTable.G, Bytes.toBytes("c"),
              SampleTable.T[0], Bytes.toBytes("target only row")),
          new Put(SampleTable.row(52)).addColumn(SampleTable.F, Bytes.toBytes("t"), SampleTable.T[2],
              Bytes.toBytes("target only cell"))));
    }
  }
}
