package io.basalt.hbase.master;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A procedure is listed as running while its operation runs, then as finished under its id, or not at all. */
class ProcedureTrackerTest {
  private final ProcedureTracker procedures = new ProcedureTracker(Clock.systemUTC());

  @Test
  void anOperationIsRunningUntilItEnds() throws Exception {
    CountDownLatch started = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    ExecutorService caller = Executors.newSingleThreadExecutor();
    try {
      Future<Long> id = caller.submit(() -> procedures.run("SnapshotProcedure", "alice", () -> {
        started.countDown();
        await(release);
      }));
      assertTrue(started.await(10, TimeUnit.SECONDS));
      List<ProcedureTracker.Running> running = procedures.running();
      assertEquals(1, running.size());
      assertEquals("org.apache.hadoop.hbase.master.procedure.SnapshotProcedure", running.get(0).className());
      assertEquals("alice", running.get(0).owner());
      assertEquals(List.of(), procedures.all(), "no id until it ends");
      release.countDown();
      long finished = id.get(10, TimeUnit.SECONDS);
      assertEquals(List.of(), procedures.running());
      assertEquals(finished, procedures.all().get(0).id());
    } finally {
      caller.shutdownNow();
    }
  }

  @Test
  void anOperationThatFailsTheCallIsNeitherRunningNorRecorded() {
    assertThrows(IOException.class, () -> procedures.run("CreateTableProcedure", "bob", () -> {
      throw new IOException("refused");
    }));
    assertEquals(List.of(), procedures.running());
    assertEquals(List.of(), procedures.all());
  }

  private static void await(CountDownLatch latch) throws IOException {
    try {
      if (!latch.await(10, TimeUnit.SECONDS)) {
        throw new IOException("not released");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException(e);
    }
  }
}
