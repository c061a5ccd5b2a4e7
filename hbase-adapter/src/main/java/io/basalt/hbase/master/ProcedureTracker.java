package io.basalt.hbase.master;

import io.basalt.hbase.errors.FailedInProcedure;
import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Procedure ids for master operations. Basalt performs DDL synchronously inside the RPC, so every procedure is
 * finished by the time its id is handed out; clients still poll {@code getProcedureResult} and must find it, and
 * {@code listProcedures} shows what ran. An operation that throws {@link FailedInProcedure} has failed the way
 * HBase's procedures fail after their RPC returned: the id is handed out and the result reports the error.
 * Remembers the most recent procedures; older ids are reported as not found, which clients also accept as done.
 */
public final class ProcedureTracker {
  private static final int RETAINED = 10_000;
  /** HBase's procedures live in this package; tools that list procedures match on their class names. */
  private static final String PROCEDURE_PACKAGE = "org.apache.hadoop.hbase.master.procedure.";

  private final Clock clock;
  private final AtomicLong nextId = new AtomicLong(1);
  /** The operations under way, keyed by the order they started in (they have no procedure id until they end). */
  private final Map<Long, Running> running = new ConcurrentHashMap<>();
  private final AtomicLong nextStart = new AtomicLong();
  private final Map<Long, Completed> completed = new LinkedHashMap<>(16, 0.75f, false) {
    @Override
    protected boolean removeEldestEntry(Map.Entry<Long, Completed> eldest) {
      return size() > RETAINED;
    }
  };

  public ProcedureTracker(Clock clock) {
    this.clock = clock;
  }

  /** An operation run as a procedure; its exceptions reach the caller of the RPC that asked for it. */
  @FunctionalInterface
  public interface Operation {
    void run() throws IOException;
  }

  /**
   * Runs an operation now and returns the id of its (finished) procedure. Exceptions other than
   * {@link FailedInProcedure} fail the call itself, and no procedure is recorded.
   *
   * @param procedure the simple name of the HBase procedure class that does the same, e.g. CreateTableProcedure
   * @param owner the user who asked for it
   */
  public long run(String procedure, String owner, Operation operation) throws IOException {
    long submitted = clock.millis();
    long start = nextStart.getAndIncrement();
    running.put(start, new Running(PROCEDURE_PACKAGE + procedure, owner, submitted));
    FailedInProcedure failure = null;
    try {
      operation.run();
    } catch (FailedInProcedure e) {
      failure = e;
    } finally {
      running.remove(start);
    }
    long id = nextId.getAndIncrement();
    synchronized (completed) {
      completed.put(id, new Completed(id, PROCEDURE_PACKAGE + procedure, owner, submitted, clock.millis(), failure));
    }
    return id;
  }

  public Optional<Completed> result(long procedureId) {
    synchronized (completed) {
      return Optional.ofNullable(completed.get(procedureId));
    }
  }

  /** The remembered procedures, oldest first. */
  public List<Completed> all() {
    synchronized (completed) {
      return new ArrayList<>(completed.values());
    }
  }

  /** The operations running now, oldest first: what the info port's task list shows. */
  public List<Running> running() {
    List<Running> all = new ArrayList<>();
    running.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(entry -> all.add(entry.getValue()));
    return all;
  }

  /** An operation under way; it gets its procedure id when it ends. */
  public record Running(String className, String owner, long submittedMillis) {}

  /**
   * A finished procedure; times in milliseconds.
   *
   * @param failure why it failed, or null if it succeeded
   */
  public record Completed(long id, String className, String owner, long submittedMillis, long finishedMillis,
      FailedInProcedure failure) {}
}
