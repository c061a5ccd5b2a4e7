package io.basalt.conformance.core;

import static io.basalt.conformance.core.Tables.b;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.ClientFeature;
import io.basalt.conformance.harness.Feature;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.BufferedMutator;
import org.apache.hadoop.hbase.client.BufferedMutatorParams;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.regionserver.NoSuchColumnFamilyException;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Buffered writes through {@code BufferedMutator}: size-triggered, explicit and periodic flushes, and errors. */
@Feature({ClientFeature.BUFFERED_MUTATOR_API, ClientFeature.PUT})
class BufferedMutatorTest {
  @RegisterExtension
  static final CoreCluster CLUSTER = new CoreCluster();

  private static final TableName NAME = TableName.valueOf("buffered_mutator");
  private static final byte[] F = b("f");

  @BeforeAll
  static void createTable() throws IOException {
    try (Admin admin = CLUSTER.admin()) {
      admin.createTable(Tables.descriptor(NAME, 1, "f"), Tables.splitKeys("m"));
    }
  }

  @Test
  @Feature(ClientFeature.DELETE)
  void flushesWhenTheBufferFillsAndOnRequest() throws IOException {
    BufferedMutatorParams params = new BufferedMutatorParams(NAME).writeBufferSize(4096);
    List<String> expected = new ArrayList<>();
    try (BufferedMutator mutator = CLUSTER.connection().getBufferedMutator(params);
        Table table = CLUSTER.connection().getTable(NAME)) {
      assertEquals(4096, mutator.getWriteBufferSize());
      for (int i = 0; i < 1000; i++) {
        String row = String.format("%s-%04d", i % 2 == 0 ? "a" : "x", i);
        mutator.mutate(new Put(b(row)).addColumn(F, b("q"), Bytes.toBytes(i)));
        expected.add(row);
      }
      mutator.flush();
      expected.sort(null);
      assertEquals(expected, Tables.rows(table, new Scan().withStartRow(b("a-")).withStopRow(b("y"))));

      mutator.mutate(List.of(new Delete(b("a-0000")), new Delete(b("x-0999"))));
      mutator.flush();
      assertFalse(table.exists(new Get(b("a-0000"))));
      assertFalse(table.exists(new Get(b("x-0999"))));
    }
  }

  @Test
  void flushesPeriodicallyAndOnClose() throws Exception {
    try (Table table = CLUSTER.connection().getTable(NAME)) {
      BufferedMutatorParams periodic = new BufferedMutatorParams(NAME).setWriteBufferPeriodicFlushTimeoutMs(100);
      try (BufferedMutator mutator = CLUSTER.connection().getBufferedMutator(periodic)) {
        mutator.mutate(new Put(b("periodic")).addColumn(F, b("q"), b("v")));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!table.exists(new Get(b("periodic")))) {
          assertTrue(System.nanoTime() < deadline, "the periodic flush never came");
          Thread.sleep(20);
        }
      }
      try (BufferedMutator mutator = CLUSTER.connection().getBufferedMutator(NAME)) {
        mutator.mutate(new Put(b("on-close")).addColumn(F, b("q"), b("v")));
      }
      assertTrue(table.exists(new Get(b("on-close"))));
    }
  }

  @Test
  @Feature(ClientFeature.BAD_INPUT)
  void reportsFailedMutationsToTheListener() throws Exception {
    List<Throwable> failures = new ArrayList<>();
    BufferedMutatorParams params = new BufferedMutatorParams(NAME).listener((error, mutator) -> {
      synchronized (failures) {
        for (int i = 0; i < error.getNumExceptions(); i++) {
          failures.add(error.getCause(i));
        }
      }
    });
    try (BufferedMutator mutator = CLUSTER.connection().getBufferedMutator(params);
        Table table = CLUSTER.connection().getTable(NAME)) {
      mutator.mutate(new Put(b("good-1")).addColumn(F, b("q"), b("v")));
      mutator.mutate(new Put(b("bad")).addColumn(b("no_such_family"), b("q"), b("v")));
      mutator.mutate(new Put(b("good-2")).addColumn(F, b("q"), b("v")));
      mutator.flush();
      assertTrue(table.exists(new Get(b("good-1"))));
      assertTrue(table.exists(new Get(b("good-2"))));
    }
    synchronized (failures) {
      assertEquals(1, failures.size(), failures.toString());
      assertTrue(Tables.reports(failures.get(0), NoSuchColumnFamilyException.class), failures.toString());
    }
  }
}
