package io.basalt.conformance.report;

/** How one test case ended, as Surefire reports it. */
enum TestOutcome {
  PASSED,
  SKIPPED,
  FAILED
}
