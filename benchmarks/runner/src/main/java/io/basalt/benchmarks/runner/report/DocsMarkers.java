package io.basalt.benchmarks.runner.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where a run's report goes: the results directory, and the generated part of docs/benchmarks.md, everything
 * between a kind of run's two marker comments.
 */
public final class DocsMarkers {
  public static final String BEGIN = "<!-- benchmark-results:begin (written by bin/benchmark --update-docs) -->";
  public static final String END = "<!-- benchmark-results:end -->";

  private DocsMarkers() {}

  /**
   * Writes a run's report ({@link #writeReport}: {@code name-stamp.md} and {@code latestName}) and, when
   * {@code updateDocs}, puts it into {@code docs} between the two markers; returns the dated report.
   */
  public static Path publish(String markdown, Path results, String name, String stamp, String latestName,
      boolean updateDocs, Path docs, String beginMarker, String endMarker) throws IOException {
    Path report = writeReport(markdown, results, name + "-" + stamp + ".md", latestName);
    if (updateDocs) {
      replaceIn(docs, beginMarker, endMarker, markdown);
    }
    return report;
  }

  /** The document with the text between the markers replaced by {@code generated}; the markers stay. */
  public static String replace(String document, String generated) {
    return replace(document, BEGIN, END, generated);
  }

  /** Rewrites the file {@code docs} with the text between the two markers replaced by {@code generated}. */
  public static void replaceIn(Path docs, String beginMarker, String endMarker, String generated)
      throws IOException {
    String document = Files.readString(docs, StandardCharsets.UTF_8);
    Files.writeString(docs, replace(document, beginMarker, endMarker, generated), StandardCharsets.UTF_8);
  }

  /**
   * Writes a run's report as {@code datedName} under {@code results}, and again as {@code latestName}, the copy a
   * reader finds without knowing when the run was; returns the dated file.
   */
  public static Path writeReport(String markdown, Path results, String datedName, String latestName)
      throws IOException {
    Path report = results.resolve(datedName);
    Files.writeString(report, markdown, StandardCharsets.UTF_8);
    Files.writeString(results.resolve(latestName), markdown, StandardCharsets.UTF_8);
    return report;
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
