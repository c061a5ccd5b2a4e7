package io.basalt.conformance.differential;

import java.io.IOException;
import org.apache.hadoop.hbase.client.Table;

/**
 * One step of the workload: what it does, in words, and how to do it against a table. The action builds its
 * request objects afresh on each run, so the two servers are sent identical requests and nothing a client
 * mutates while sending one leaks into the other.
 */
record Operation(String description, Action action) {
  interface Action {
    /** Runs the step and returns its outcome in {@link Canonical} form. */
    String run(Table table) throws IOException;
  }

  /** What a step gave: its canonical text (compared), and the error behind it, if any (shown on a difference). */
  record Outcome(String text, Throwable error) {
    String detail() {
      return error == null ? text : text + "\n(" + error + ")";
    }
  }

  Outcome runOn(Table table) {
    try {
      return new Outcome(action.run(table), null);
    } catch (IOException | RuntimeException e) {
      return new Outcome(Canonical.error(e), e);
    }
  }
}
