package io.basalt.conformance.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Builds the client × feature table from the XML reports the client modules just wrote, saves it as
 * {@code target/compatibility-table.md}, and keeps the copy in docs/compatibility.md equal to it. After a change
 * to the matrix, rerun the build with {@code -Dbasalt.writeDocs=true} to rewrite the docs' table.
 */
class CompatibilityTableTest {
  private static final Path DOC = Path.of("..", "..", "docs", "compatibility.md");
  private static final String START =
      "<!-- client-matrix:start (generated from the test reports by conformance-tests/compatibility-report) -->";
  private static final String END = "<!-- client-matrix:end -->";

  @Test
  void docsShowTheMatrixTheTestsJustProduced() throws IOException {
    List<ClientRun> runs = new ArrayList<>();
    for (String directory : System.getProperty("basalt.report.runs", "").split(",")) {
      if (!directory.isBlank()) {
        runs.add(SurefireReports.read(Path.of(directory.trim())));
      }
    }
    assertTrue(runs.size() > 1, "basalt.report.runs must name the report directories of the client runs");
    String table = CompatibilityTable.render(runs);
    Files.createDirectories(Path.of("target"));
    Files.writeString(Path.of("target", "compatibility-table.md"), table, StandardCharsets.UTF_8);

    String generated = "\n" + table;
    if (Boolean.getBoolean("basalt.writeDocs")) {
      String doc = Files.readString(DOC, StandardCharsets.UTF_8);
      Files.writeString(DOC, doc.substring(0, contentStart(doc)) + generated + doc.substring(contentEnd(doc)),
          StandardCharsets.UTF_8);
    }
    String doc = Files.readString(DOC, StandardCharsets.UTF_8);
    assertEquals(generated, doc.substring(contentStart(doc), contentEnd(doc)),
        "docs/compatibility.md's client matrix is out of date; rerun the build with -Dbasalt.writeDocs=true");
  }

  private static int contentStart(String doc) {
    int start = doc.indexOf(START);
    assertTrue(start >= 0, "docs/compatibility.md lacks the marker " + START);
    return start + START.length();
  }

  private static int contentEnd(String doc) {
    int end = doc.indexOf(END);
    assertTrue(end > contentStart(doc), "docs/compatibility.md lacks the marker " + END + " after " + START);
    return end;
  }
}
