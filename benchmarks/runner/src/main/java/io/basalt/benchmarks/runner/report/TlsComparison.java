package io.basalt.benchmarks.runner.report;

import java.util.List;

/**
 * One workload at one client thread count measured on each server plaintext and with TLS, in the same rounds.
 *
 * @param systems each server's plaintext and TLS rounds, in the report's order (Basalt, then HBase)
 */
public record TlsComparison(String workload, int threads, List<PlainAndTls> systems) {
  public TlsComparison {
    systems = List.copyOf(systems);
  }
}
