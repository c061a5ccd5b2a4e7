package io.basalt.conformance.fuzz;

import java.util.Random;

/** One kind of bad input: builds a case from the random source, sends it and checks Basalt's answer. */
@FunctionalInterface
public interface FuzzCase {
  /** Throws AssertionError when Basalt answers wrongly, or any exception when it does not answer at all. */
  void run(FuzzTarget target, Random random) throws Exception;
}
