package io.basalt.conformance;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.BasaltProcess;
import io.basalt.conformance.harness.BasaltServerExtension;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.RetriesExhaustedWithDetailsException;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Basalt's store on a file system that fills up: once RocksDB cannot write, a stock client's put fails at once
 * with DoNotRetryIOException (no hang, no retries), nothing of a refused write is visible, reads go on, and once
 * space is freed writes resume by themselves, with every acknowledged row whole. Runs where a tmpfs can be mounted
 * in a private namespace (see {@link SmallVolume}); elsewhere it is skipped with a loud message saying why, or fails
 * if {@code -Dbasalt.diskfull.required=true}.
 */
class DiskFullTest {
  private static final TableName TABLE = TableName.valueOf("disk_full");
  private static final byte[] F = toBytes("f");
  private static final byte[] G = toBytes("g");
  private static final byte[] Q = toBytes("q");
  private static final int VALUE_BYTES = 32 * 1024;
  /** How long a refused write may take: one round trip, not a client's retry schedule. */
  private static final long FAST_FAILURE_MILLIS = 10_000;

  private Path dataDir;

  @BeforeEach
  void createDataDir() throws IOException {
    dataDir = Files.createTempDirectory("basalt-diskfull-");
  }

  @AfterEach
  void removeDataDir() throws IOException {
    BasaltServerExtension.deleteRecursively(dataDir);
  }

  @Test
  void writesFailFastWhileTheDiskIsFullAndResumeWhenSpaceReturns() throws Exception {
    String unavailable = SmallVolume.unavailableReason();
    if (unavailable != null) {
      // A skip is easy to miss in a green build, and it leaves the full-disk behaviour unproven: say so plainly,
      // and let a build that must prove it (-Dbasalt.diskfull.required=true) fail instead.
      String message = "DiskFullTest NOT RUN: " + unavailable + ". The full-disk behaviour is unproven on this "
          + "machine; see docs/reliability.md, \"A full disk\"";
      System.err.println("*** " + message);
      assertFalse(Boolean.getBoolean("basalt.diskfull.required"), message);
      Assumptions.abort(message);
    }
    SmallVolume volume = new SmallVolume(dataDir.resolve("store"), 128L << 20, 96);
    try (BasaltProcess basalt = BasaltProcess.startWith(volume.launcher(), dataDir, "DiskFullTest",
        "--config", siteFile().toString());
        Connection connection = ConnectionFactory.createConnection(impatient(basalt))) {
      TestTables.create(connection, TABLE, 1, new String[] {"f", "g"});
      List<String> acknowledged = new ArrayList<>();
      Random random = new Random(42);
      try (Table table = connection.getTable(TABLE)) {
        String refusedRow = fillUntilRefused(table, acknowledged, random);
        System.out.println("DiskFullTest: the disk filled after " + acknowledged.size() + " rows");
        assertTrue(acknowledged.size() > 10, "rows were written before the disk filled");

        assertTrue(table.get(new Get(toBytes(refusedRow))).isEmpty(), "the refused row is not visible");
        assertRowsWhole(table, acknowledged);
        RetriesExhaustedWithDetailsException batch = assertThrows(RetriesExhaustedWithDetailsException.class,
            () -> table.put(new ArrayList<>(List.of(row("batch-1", random), row("batch-2", random)))));
        assertInstanceOf(DoNotRetryIOException.class, batch.getCause(0));
        assertTrue(table.get(new Get(toBytes("batch-1"))).isEmpty(), "refused batch rows are not visible");

        volume.freeBallast(basalt.pid());
        long freed = System.nanoTime();
        awaitWritesResume(table, acknowledged, random);
        System.out.printf("DiskFullTest: writes resumed %d ms after space was freed%n",
            (System.nanoTime() - freed) / 1_000_000);
        for (int i = 0; i < 20; i++) {
          String key = "after-" + i;
          table.put(row(key, random));
          acknowledged.add(key);
        }
        assertRowsWhole(table, acknowledged);
        assertEquals(acknowledged.size(), countRows(table), "no refused row turned up later");
      }
      assertTrue(basalt.isAlive());
    }
  }

  /** Writes rows until one is refused; returns the refused row after checking how it was refused. */
  private static String fillUntilRefused(Table table, List<String> acknowledged, Random random) {
    for (int i = 0; ; i++) {
      String key = String.format("row-%06d", i);
      long start = System.nanoTime();
      try {
        table.put(row(key, random));
        acknowledged.add(key);
      } catch (IOException e) {
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertInstanceOf(DoNotRetryIOException.class, e, "a full disk is final for the write");
        assertTrue(e.getMessage().contains("disk holding the store is full"), e.getMessage());
        assertTrue(millis < FAST_FAILURE_MILLIS, "the refusal took " + millis + " ms");
        return key;
      }
    }
  }

  private static void awaitWritesResume(Table table, List<String> acknowledged, Random random) throws Exception {
    long deadline = System.nanoTime() + 120_000_000_000L;
    while (true) {
      try {
        table.put(row("resumed", random));
        acknowledged.add("resumed");
        return;
      } catch (DoNotRetryIOException e) {
        if (System.nanoTime() > deadline) {
          throw new AssertionError("writes did not resume within 120 s of freeing space", e);
        }
        Thread.sleep(250);
      }
    }
  }

  /** A row whose two families carry the same value, so a torn write would show. */
  private static Put row(String key, Random random) {
    byte[] value = new byte[VALUE_BYTES];
    random.nextBytes(value);
    return new Put(toBytes(key)).addColumn(F, Q, value).addColumn(G, Q, value);
  }

  private static void assertRowsWhole(Table table, List<String> rows) throws IOException {
    for (String key : rows) {
      Result result = table.get(new Get(toBytes(key)));
      assertNotNull(result.getValue(F, Q), "acknowledged row " + key);
      assertArrayEquals(result.getValue(F, Q), result.getValue(G, Q), "row " + key + " is whole");
    }
  }

  private static int countRows(Table table) throws IOException {
    int rows = 0;
    try (ResultScanner scanner = table.getScanner(new Scan().setCaching(100))) {
      while (scanner.next() != null) {
        rows++;
      }
    }
    return rows;
  }

  private Path siteFile() throws IOException {
    // No background work that would write on its own: no splits, no automatic compactions.
    Path file = dataDir.resolve("basalt-site.xml");
    Files.writeString(file, """
        <?xml version="1.0"?>
        <configuration>
          <property><name>basalt.split.check.period.ms</name><value>0</value></property>
          <property><name>hbase.hregion.majorcompaction</name><value>0</value></property>
          <property><name>basalt.compaction.check.period.ms</name><value>0</value></property>
        </configuration>
        """);
    return file;
  }

  private static Configuration impatient(BasaltProcess basalt) {
    Configuration conf = Clients.rpcRegistryConfiguration(basalt);
    conf.setInt("hbase.client.retries.number", 3);
    conf.setLong("hbase.client.pause", 100);
    conf.setInt("hbase.rpc.timeout", 30_000);
    conf.setInt("hbase.client.operation.timeout", 60_000);
    return conf;
  }
}
