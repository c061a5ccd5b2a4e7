package io.basalt.conformance.differential;

import java.io.PrintWriter;
import java.io.StringWriter;

/**
 * Answers of HBase 2.6.4 that are undefined, which Basalt refuses instead: the operation is not compared. Each is
 * listed in docs/compatibility.md. (Reads HBase 2.6.4 fails outright are not generated; see ReadGenerator.)
 */
final class KnownHBaseBugs {
  private KnownHBaseBugs() {}

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
