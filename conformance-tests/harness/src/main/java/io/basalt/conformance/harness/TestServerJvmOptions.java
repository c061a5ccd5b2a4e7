package io.basalt.conformance.harness;

import java.util.List;

/**
 * JVM options the build gives every server a test starts, Basalt's and HBase's, space-separated in the system
 * property {@code basalt.test.serverJvmOptions} (set in conformance-tests/pom.xml and tools/pom.xml, where the
 * figures that chose them are). The benchmark runner, which launches the same servers to time them, does not set
 * it, so they run there as an operator runs them.
 */
final class TestServerJvmOptions {
  static final String PROPERTY = "basalt.test.serverJvmOptions";

  private TestServerJvmOptions() {}

  static List<String> get() {
    String configured = System.getProperty(PROPERTY, "").trim();
    return configured.isEmpty() ? List.of() : List.of(configured.split("\\s+"));
  }
}
