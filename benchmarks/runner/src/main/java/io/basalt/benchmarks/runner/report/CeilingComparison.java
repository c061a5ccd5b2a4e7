package io.basalt.benchmarks.runner.report;

import java.util.OptionalDouble;

/**
 * A storage operation measured on the engine alone (JMH, no RPC) next to the server-level PE workload that does
 * the same storage work through Basalt.
 */
public record CeilingComparison(String storageOperation, String peWorkload, int threads, Measurement storage,
    Measurement basaltServer) {

  /** How many times the server's throughput the engine alone reached: 1 is the ceiling, 2 is half of it. */
  public OptionalDouble ceilingOverServer() {
    return Comparison.ratio(storage.opsPerSecond(), basaltServer.opsPerSecond());
  }
}
