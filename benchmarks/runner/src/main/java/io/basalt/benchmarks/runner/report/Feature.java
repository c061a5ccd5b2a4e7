package io.basalt.benchmarks.runner.report;

/**
 * A server feature whose cost a run measures by running each server with it and without it (TLS on the RPC port,
 * permission checks), and the words its report uses for both sides.
 *
 * @param name the feature as a sentence names it: "TLS", "authorization"
 * @param title the report's heading: "TLS against plaintext"
 * @param withIt a server with it: "with TLS"
 * @param withoutIt the same server without it, after "against itself": "in plaintext"
 * @param baseline the side without it as an adjective: "plaintext"
 * @param suffix what the server's name gains with it in tables: " TLS"
 */
public record Feature(String name, String title, String withIt, String withoutIt, String baseline, String suffix) {
  public static final Feature TLS = new Feature("TLS", "TLS against plaintext", "with TLS", "in plaintext",
      "plaintext", " TLS");
  public static final Feature AUTHORIZATION = new Feature("authorization",
      "Authorization against no permission checks", "with authorization", "without permission checks",
      "unchecked", " authorization");
  public static final Feature OBSERVABILITY = new Feature("watching",
      "Watched (pages and metrics read every second, Key Visualizer on) against unwatched", "watched",
      "unwatched", "unwatched", " watched");
}
