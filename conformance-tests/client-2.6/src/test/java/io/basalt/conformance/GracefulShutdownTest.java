package io.basalt.conformance;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.BasaltProcess;
import io.basalt.conformance.harness.BasaltServerExtension;
import io.basalt.conformance.harness.JvmThreads;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.CompareOperator;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Durability;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.filter.RegexStringComparator;
import org.apache.hadoop.hbase.filter.ValueFilter;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * SIGTERM while stock clients write (with and without the write-ahead log), increment and scan, and while one slow
 * call is running: Basalt stops taking calls, lets those in flight finish (the slow call gets its real answer),
 * flushes, and exits with status 0. The clients see only errors they retry (connection errors and
 * RegionServerStoppedException, alone or as the last of exhausted retries), never a DoNotRetryIOException or a
 * wrong answer, and after a restart every acknowledged write is there, whole.
 */
class GracefulShutdownTest {
  private static final TableName TABLE = TableName.valueOf("graceful");
  private static final byte[] F = toBytes("f");
  private static final byte[] G = toBytes("g");
  private static final byte[] Q = toBytes("q");
  private static final byte[] COUNTER = toBytes("counter");
  private static final byte[] IN_FLIGHT = toBytes("in-flight");
  /**
   * A value filter whose regular expression passes the {@code keep-N} values at once but takes seconds to reject a
   * run of {@code a}s ending in {@code !} (it backtracks through every way of cutting the run into twenty pieces):
   * a Get with it is a slow call whose answer is known. The server runs HBase's own RegexStringComparator.
   */
  private static final String SLOW_PATTERN = "^(?:keep-\\d+|(.*a){20})$";
  private static final int KEPT = 10;
  private static final Pattern WAITING = Pattern.compile("Waiting up to \\d+ ms for (\\d+) calls in flight");

  private Path dataDir;

  @BeforeEach
  void createDataDir() throws IOException {
    dataDir = Files.createTempDirectory("basalt-graceful-");
  }

  @AfterEach
  void removeDataDir() throws IOException {
    BasaltServerExtension.deleteRecursively(dataDir);
  }

  /** An exception a client thread saw, and when. */
  private record Seen(String who, long nanos, Throwable error) {}

  /** The in-flight call: when it started and ended, and what it got. */
  private record SlowCall(long startNanos, long endNanos, Result result) {}

  @Test
  void sigtermUnderTrafficLosesNothingAcknowledged() throws Exception {
    Queue<String> acknowledged = new ConcurrentLinkedQueue<>();
    Queue<String> wrongAnswers = new ConcurrentLinkedQueue<>();
    Queue<Seen> errors = new ConcurrentLinkedQueue<>();
    AtomicLong increments = new AtomicLong();
    AtomicLong incrementsUnanswered = new AtomicLong();
    AtomicLong scans = new AtomicLong();
    byte[] slowValue = slowValue();
    int exitStatus;
    long sigterm;
    SlowCall slow;
    List<String> log;
    try (BasaltProcess basalt = BasaltProcess.start(dataDir, "GracefulShutdownTest-first");
        Connection connection = ConnectionFactory.createConnection(impatient(basalt));
        Connection patient = ConnectionFactory.createConnection(patient(basalt))) {
      TestTables.create(connection, TABLE, 1, new String[] {"f", "g"}, "w1", "w2");
      Table slowTable = patient.getTable(TABLE);
      slowTable.put(inFlightRow(slowValue));
      AtomicBoolean stop = new AtomicBoolean();
      List<Thread> threads = new ArrayList<>();
      for (int w = 0; w < 6; w++) {
        String prefix = "w" + w + "-";
        Durability durability = w == 0 ? Durability.SKIP_WAL : Durability.USE_DEFAULT;
        threads.add(new Thread(() -> write(connection, prefix, durability, acknowledged, errors, stop)));
      }
      threads.add(new Thread(() -> increment(connection, increments, incrementsUnanswered, errors, stop)));
      threads.add(new Thread(() -> scan(connection, wrongAnswers, errors, scans, stop)));
      threads.forEach(Thread::start);
      awaitTraffic(acknowledged, increments, scans, errors);

      CompletableFuture<SlowCall> inFlight = CompletableFuture.supplyAsync(() -> slowGet(slowTable));
      String runningIn = awaitRunning(basalt, inFlight);
      sigterm = System.nanoTime();
      exitStatus = basalt.stop();
      long stopMillis = (System.nanoTime() - sigterm) / 1_000_000;
      slow = inFlight.get(60, TimeUnit.SECONDS);
      stop.set(true);
      for (Thread thread : threads) {
        thread.join();
      }
      slowTable.close();
      System.out.printf("GracefulShutdownTest: stopped in %d ms under traffic after %d acknowledged rows, "
          + "%d increments and %d scans; the in-flight call (seen running in %s) ran %d ms, %d ms of them after "
          + "SIGTERM; clients saw %s%n", stopMillis, acknowledged.size(), increments.get(), scans.get(), runningIn,
          (slow.endNanos() - slow.startNanos()) / 1_000_000, (slow.endNanos() - sigterm) / 1_000_000,
          histogram(errors));
      log = basalt.logLines();
    }
    assertEquals(0, exitStatus, "SIGTERM is a clean exit");
    assertEquals(List.of(), log.stream().filter(line -> line.contains(" ERROR ") || line.contains("still running")
        || line.contains("not closed cleanly")).toList());
    assertEquals(List.of(), List.copyOf(wrongAnswers), "what the scanner saw");
    assertTrue(acknowledged.size() > 30, "the writers got writes acknowledged: " + acknowledged.size());
    assertOnlyRetriableErrorsAfter(sigterm, errors);
    assertInFlightCallAnswered(slow, sigterm, log);

    try (BasaltProcess basalt = BasaltProcess.start(dataDir, "GracefulShutdownTest-second");
        Connection connection = ConnectionFactory.createConnection(impatient(basalt));
        Table table = connection.getTable(TABLE)) {
      for (String row : acknowledged) {
        Result result = table.get(new Get(toBytes(row)));
        assertArrayEquals(toBytes(row), result.getValue(F, Q), "acknowledged row " + row);
        assertArrayEquals(toBytes(row), result.getValue(G, Q), "row " + row + " whole");
      }
      Result counter = table.get(new Get(COUNTER));
      long value = counter.isEmpty() ? 0 : Bytes.toLong(counter.getValue(F, Q));
      assertTrue(value >= increments.get() && value <= increments.get() + incrementsUnanswered.get(),
          "counter " + value + ": " + increments.get() + " acknowledged, " + incrementsUnanswered.get()
              + " unanswered");
    }
  }

  /**
   * Returns once every kind of client is getting answers: 120 rows acknowledged (about 20 per writer), 10 increments
   * and 2 whole scans. Before SIGTERM no client may see an error, so one fails the test here at once.
   */
  private static void awaitTraffic(Queue<String> acknowledged, AtomicLong increments, AtomicLong scans,
      Queue<Seen> errors) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (acknowledged.size() < 120 || increments.get() < 10 || scans.get() < 2) {
      assertEquals(List.of(), errors.stream().map(Seen::toString).toList(), "errors before SIGTERM");
      assertTrue(System.nanoTime() < deadline, "no steady traffic within 60 s: " + acknowledged.size()
          + " rows, " + increments.get() + " increments, " + scans.get() + " scans");
      Thread.sleep(20); // the poll's interval
    }
  }

  /**
   * Returns once the slow call is running in the server, seen in a thread dump as a thread evaluating its filter's
   * regular expression: the event SIGTERM must follow for the call to be in flight. Fails if the call was answered
   * first (too fast to be caught in flight on this machine).
   */
  private static String awaitRunning(BasaltProcess basalt, CompletableFuture<SlowCall> call) throws IOException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (true) { // no pause: each look runs jcmd, a few hundred milliseconds
      Optional<String> thread = JvmThreads.running(basalt.pid(), "RegexStringComparator");
      if (thread.isPresent()) {
        return thread.get();
      }
      assertFalse(call.isDone(), "the slow call was answered before a thread dump saw it running");
      assertTrue(System.nanoTime() < deadline, "the slow call was not seen running within 60 s");
    }
  }

  /**
   * The slow call started before SIGTERM and got its whole, right answer after it. A call that reached Basalt after
   * it stopped taking calls would have been refused with RegionServerStoppedException and, with the server gone,
   * could not have been answered at all: so this one was in flight, and the stop waited for it. Basalt's log says
   * it waited for calls in flight.
   */
  private static void assertInFlightCallAnswered(SlowCall slow, long sigterm, List<String> log) {
    assertTrue(slow.startNanos() < sigterm, "the slow call started before SIGTERM");
    assertTrue(slow.endNanos() > sigterm, "the slow call was answered "
        + (sigterm - slow.endNanos()) / 1_000_000 + " ms before SIGTERM: not slow enough to be in flight");
    List<String> values = new ArrayList<>();
    for (Cell cell : slow.result().rawCells()) {
      values.add(Bytes.toString(CellUtil.cloneValue(cell)));
    }
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < KEPT; i++) {
      expected.add("keep-" + i);
    }
    assertEquals(expected.stream().sorted().toList(), values.stream().sorted().toList(), "the in-flight answer");
    int waitedFor = log.stream().map(WAITING::matcher).filter(Matcher::find)
        .mapToInt(matcher -> Integer.parseInt(matcher.group(1))).max().orElse(0);
    assertTrue(waitedFor >= 1, "Basalt's log tells it waited for calls in flight");
  }

  /**
   * Every error came after SIGTERM and is one a client retries: somewhere in it a connection error (as the
   * client's own ClientExceptionsUtil classifies them) or RegionServerStoppedException, and nowhere a
   * DoNotRetryIOException.
   */
  private static void assertOnlyRetriableErrorsAfter(long sigterm, Queue<Seen> errors) {
    List<String> wrong = new ArrayList<>();
    for (Seen seen : errors) {
      if (seen.nanos() < sigterm) {
        wrong.add(seen.who() + " before SIGTERM: " + seen.error());
      } else {
        String problem = StopErrors.problem(seen.error());
        if (problem != null) {
          wrong.add(seen.who() + ": " + problem + ": " + StopErrors.describe(seen.error()));
        }
      }
    }
    assertEquals(List.of(), wrong, "errors clients would not retry");
  }

  private static String histogram(Queue<Seen> errors) {
    Map<String, Integer> kinds = new TreeMap<>();
    for (Seen seen : errors) {
      kinds.merge(StopErrors.describe(seen.error()), 1, Integer::sum);
    }
    return kinds.isEmpty() ? "no errors" : kinds.toString();
  }

  /** The shortest run of {@code a}s that keeps the pattern busy for a second here (the server's JVM is this one). */
  private static byte[] slowValue() {
    Pattern pattern = Pattern.compile(SLOW_PATTERN, Pattern.DOTALL); // RegexStringComparator's flags
    for (int length = 20; ; length++) {
      String value = "a".repeat(length) + "!";
      long start = System.nanoTime();
      if (pattern.matcher(value).find()) {
        throw new IllegalStateException("the slow value matches");
      }
      if (System.nanoTime() - start > 1_000_000_000L) {
        return toBytes("a".repeat(length + 1) + "!"); // about twice as slow again: seconds on the server
      }
    }
  }

  private static Put inFlightRow(byte[] slowValue) {
    Put put = new Put(IN_FLIGHT).addColumn(F, toBytes("slow"), slowValue);
    for (int i = 0; i < KEPT; i++) {
      put.addColumn(F, toBytes("q" + i), toBytes("keep-" + i));
    }
    return put;
  }

  private static SlowCall slowGet(Table table) {
    long start = System.nanoTime();
    try {
      Result result = table.get(new Get(IN_FLIGHT).addFamily(F)
          .setFilter(new ValueFilter(CompareOperator.EQUAL, new RegexStringComparator(SLOW_PATTERN))));
      return new SlowCall(start, System.nanoTime(), result);
    } catch (IOException e) {
      throw new UncheckedIOException("the call in flight at SIGTERM failed", e);
    }
  }

  private static void write(Connection connection, String prefix, Durability durability, Queue<String> acknowledged,
      Queue<Seen> errors, AtomicBoolean stop) {
    try (Table table = connection.getTable(TABLE)) {
      for (int i = 0; !stop.get(); i++) {
        String row = prefix + i;
        try {
          table.put(new Put(toBytes(row)).addColumn(F, Q, toBytes(row)).addColumn(G, Q, toBytes(row))
              .setDurability(durability));
          acknowledged.add(row);
        } catch (IOException e) {
          errors.add(new Seen("writer " + prefix, System.nanoTime(), e));
          pause(); // the server is stopping or gone: retried writes of other rows follow
        }
      }
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  private static void increment(Connection connection, AtomicLong acknowledged, AtomicLong unanswered,
      Queue<Seen> errors, AtomicBoolean stop) {
    try (Table table = connection.getTable(TABLE)) {
      while (!stop.get()) {
        try {
          table.increment(new Increment(COUNTER).addColumn(F, Q, 1));
          acknowledged.incrementAndGet();
        } catch (IOException e) {
          errors.add(new Seen("incrementer", System.nanoTime(), e));
          unanswered.incrementAndGet(); // may have been applied before the answer was lost
          pause();
        }
      }
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Full scans: whatever a scan returns must be right, rows whole and values matching their keys. */
  private static void scan(Connection connection, Queue<String> wrong, Queue<Seen> errors, AtomicLong scans,
      AtomicBoolean stop) {
    try (Table table = connection.getTable(TABLE)) {
      while (!stop.get()) {
        try (ResultScanner scanner = table.getScanner(new Scan().addFamily(F).addFamily(G).setCaching(50))) {
          for (Result result : scanner) {
            byte[] row = result.getRow();
            if (Bytes.equals(row, COUNTER) || Bytes.equals(row, IN_FLIGHT)) {
              continue;
            }
            if (!Bytes.equals(row, result.getValue(F, Q)) || !Bytes.equals(row, result.getValue(G, Q))) {
              wrong.add(Bytes.toString(row) + " -> " + result);
            }
          }
          scans.incrementAndGet();
        } catch (IOException | RuntimeException e) {
          // A scan cut by the stop (the iterator wraps its IOException): the next one starts over.
          errors.add(new Seen("scanner", System.nanoTime(), e instanceof UncheckedIOException u ? u.getCause() : e));
          pause();
        }
      }
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Paces a client's retries while the server stops: not synchronization, nothing waits for this pause. */
  private static void pause() {
    try {
      Thread.sleep(20);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static Configuration impatient(BasaltProcess basalt) {
    Configuration conf = Clients.rpcRegistryConfiguration(basalt);
    conf.setInt("hbase.client.retries.number", 2);
    conf.setLong("hbase.client.pause", 50);
    conf.setInt("hbase.rpc.timeout", 10_000);
    conf.setInt("hbase.client.operation.timeout", 15_000);
    conf.setInt("hbase.client.meta.operation.timeout", 15_000);
    return conf;
  }

  /** For the slow call alone: time enough for it to run, and no retry that could hide a refusal. */
  private static Configuration patient(BasaltProcess basalt) {
    Configuration conf = Clients.rpcRegistryConfiguration(basalt);
    conf.setInt("hbase.client.retries.number", 0);
    conf.setInt("hbase.rpc.timeout", 60_000);
    conf.setInt("hbase.client.operation.timeout", 60_000);
    return conf;
  }
}
