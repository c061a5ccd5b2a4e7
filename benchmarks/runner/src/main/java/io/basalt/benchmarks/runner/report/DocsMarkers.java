package io.basalt.benchmarks.runner.report;

/** Replaces the generated part of docs/benchmarks.md: everything between its two marker comments. */
public final class DocsMarkers {
  public static final String BEGIN = "<!-- benchmark-results:begin (written by bin/benchmark --update-docs) -->";
  public static final String END = "<!-- benchmark-results:end -->";

  private DocsMarkers() {}

  /** The document with the text between the markers replaced by {@code generated}; the markers stay. */
  public static String replace(String document, String generated) {
    return replace(document, BEGIN, END, generated);
  }

  /** The document with the text between the markers {@code begin} and {@code end} replaced; the markers stay. */
  public static String replace(String document, String beginMarker, String endMarker, String generated) {
    int begin = document.indexOf(beginMarker);
    int end = document.indexOf(endMarker);
    if (begin < 0 || end < 0 || end < begin) {
      throw new IllegalArgumentException("the document lacks the markers " + beginMarker + " and " + endMarker);
    }
    return document.substring(0, begin + beginMarker.length()) + "\n" + generated.strip() + "\n"
        + document.substring(end);
  }
}
