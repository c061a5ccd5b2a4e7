package io.basalt.benchmarks.load.requests;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The calls a load is made of, each as a stock 2.6 client makes it (see {@link RequestEncoder}). */
public enum Operation {
  /** A single-row Get of the row's one column. */
  GET,
  /** A single-row Put (Mutate, cells inline) of the row's own value back. */
  PUT,
  /** One Scan call reading 100 rows of one region from a random row, closed by the server at its row limit. */
  SCAN100,
  /** A Multi of 100 Gets of random rows, one RegionAction a region. */
  MULTIGET100,
  /** A Multi of 100 Puts of random rows, their cells in a cell block. */
  MULTIPUT100,
  /** An Increment of a counter column by one (Mutate). */
  INCREMENT,
  /** A check-and-put (Mutate with a condition) of a row's value, whose check always passes. */
  CHECKANDPUT;

  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static Operation named(String label) {
    for (Operation operation : values()) {
      if (operation.label().equals(label)) {
        return operation;
      }
    }
    throw new IllegalArgumentException("unknown operation " + label + "; one of " + Arrays.stream(values())
        .map(Operation::label).collect(Collectors.joining(", ")));
  }
}
