package io.basalt.benchmarks.storage;

import java.util.SplittableRandom;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/** Each benchmark thread's own source of uniformly random row numbers, so threads never share a generator. */
@State(Scope.Thread)
public class RandomRows {
  private final SplittableRandom random = new SplittableRandom(Thread.currentThread().getId());

  long next(int bound) {
    return random.nextInt(bound);
  }
}
