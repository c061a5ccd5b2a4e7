package io.basalt.benchmarks.runner.report;

/** Replaces the generated part of docs/benchmarks.md: everything between its two marker comments. */
public final class DocsMarkers {
  public static final String BEGIN = "<!-- benchmark-results:begin (written by bin/benchmark --update-docs) -->";
  public static final String END = "<!-- benchmark-results:end -->";

  private DocsMarkers() {}

  /** The document with the text between the markers replaced by {@code generated}; the markers stay. */
  public static String replace(String document, String generated) {
    int begin = document.indexOf(BEGIN);
    int end = document.indexOf(END);
    if (begin < 0 || end < 0 || end < begin) {
      throw new IllegalArgumentException("the document lacks the markers " + BEGIN + " and " + END);
    }
    return document.substring(0, begin + BEGIN.length()) + "\n" + generated.strip() + "\n"
        + document.substring(end);
  }
}
