package io.basalt.conformance.differential;

import java.io.PrintWriter;
import java.io.StringWriter;

/**
 * Failures of HBase 2.6.4 itself that Basalt deliberately does not reproduce: the oracle's answer there is a crash,
 * not a behaviour, so the operation is not compared. Each is listed in docs/compatibility.md.
 */
final class KnownHBaseBugs {
  private KnownHBaseBugs() {}

  /** What the failure is, if it is a known HBase bug; null if HBase's error must be matched. */
  static String explain(Throwable error) {
    String trace = trace(error);
    // PrefixFilter compares prefix-length bytes of the row without checking the row's length; once the region has
    // store files, a lazy-seek placeholder cell with an empty row reaches it at the region's first row.
    if (trace.contains("ArrayIndexOutOfBoundsException") && trace.contains("PrefixFilter.filterRowKey")) {
      return "PrefixFilter.filterRowKey reads past an empty row";
    }
    return null;
  }

  /**
   * Why Basalt's refusal of an operation HBase answered is not a difference, if it is one of the reads whose answer
   * HBase leaves undefined; null if Basalt should have answered.
   */
  static String explainRefusal(Throwable basaltError) {
    String trace = trace(basaltError);
    // LongComparator checks a value's length only for values in byte arrays; HBase's cells sit in byte buffers, so
    // an empty marker value or a short counter is compared against whatever bytes follow it in the block.
    if (trace.contains("LongComparator.compareTo") && trace.contains("Wrong length")) {
      return "LongComparator met a value that is not 8 bytes; HBase reads past it";
    }
    return null;
  }

  private static String trace(Throwable error) {
    StringWriter text = new StringWriter();
    error.printStackTrace(new PrintWriter(text));
    return text.toString();
  }
}
