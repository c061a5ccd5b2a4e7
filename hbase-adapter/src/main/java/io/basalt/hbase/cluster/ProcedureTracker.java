package io.basalt.hbase.cluster;

import java.io.IOException;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Procedure ids for master operations. Basalt performs DDL synchronously inside the RPC, so every procedure is
 * finished by the time its id is handed out; clients still poll {@code getProcedureResult} and must find it.
 * Remembers the most recent results; older ids are reported as not found, which clients also accept as done.
 */
public final class ProcedureTracker {
  private static final int RETAINED = 10_000;

  private final Clock clock;
  private final AtomicLong nextId = new AtomicLong(1);
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

  /** Runs an operation now and returns the id of its (finished) procedure. */
  public long run(Operation operation) throws IOException {
    long submitted = clock.millis();
    operation.run();
    long id = nextId.getAndIncrement();
    synchronized (completed) {
      completed.put(id, new Completed(submitted, clock.millis()));
    }
    return id;
  }

  public Optional<Completed> result(long procedureId) {
    synchronized (completed) {
      return Optional.ofNullable(completed.get(procedureId));
    }
  }

  /** Times of a finished procedure, in milliseconds. */
  public record Completed(long submittedMillis, long finishedMillis) {}
}
