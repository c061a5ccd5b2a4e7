package io.basalt.benchmarks.load.drive;

import java.io.IOException;

/** What drives one connection through a run: its calls, until the run's end and every answer is in. */
interface ConnectionDriver {
  void drive() throws IOException, InterruptedException;

  CallTally tally();
}
