package io.basalt.benchmarks.runner;

/**
 * Which server feature a run measures the cost of, each server against itself with it ({@code --tls},
 * {@code --authorization}, {@code --observability}), or none: the default run and the Basalt-against-Basalt ones.
 */
public enum FeatureRun {
  NONE(null),
  TLS("--tls"),
  AUTHORIZATION("--authorization"),
  OBSERVABILITY("--observability");

  private final String flag;

  FeatureRun(String flag) {
    this.flag = flag;
  }

  /** The command-line flag that asks for it. */
  public String flag() {
    return flag;
  }
}
