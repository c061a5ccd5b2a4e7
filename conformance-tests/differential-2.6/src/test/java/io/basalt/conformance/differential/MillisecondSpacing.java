package io.basalt.conformance.differential;

import java.util.concurrent.locks.LockSupport;
import org.apache.hadoop.hbase.client.Table;

/**
 * Runs one server's operations so that no two of them share a millisecond. A server stamps writes that carry no
 * timestamp (increments, appends, deletes "now") with its clock's millisecond, and two such writes to one column
 * interact only when the millisecond is the same: a DeleteColumn stamped now masks an increment stamped in the same
 * millisecond, but not one stamped a millisecond later. Whether two operations share one is up to scheduling, so
 * without spacing each server could be right and still differ from the other (seed 1 has such a pair: operations
 * 5391 and 5392). Both servers run on this machine and read the clock the test reads: starting an operation only
 * once the clock has moved past the millisecond the previous one returned in puts every stamp of the next one later.
 */
final class MillisecondSpacing {
  /** Waits in short naps rather than spinning: the servers under test share the machine's cores with this test. */
  private static final long NAP_NANOS = 50_000;

  private long lastReturned = Long.MIN_VALUE;

  Operation.Outcome run(Operation operation, Table table) {
    while (System.currentTimeMillis() <= lastReturned) {
      LockSupport.parkNanos(NAP_NANOS);
    }
    Operation.Outcome outcome = operation.runOn(table);
    lastReturned = System.currentTimeMillis();
    return outcome;
  }
}
