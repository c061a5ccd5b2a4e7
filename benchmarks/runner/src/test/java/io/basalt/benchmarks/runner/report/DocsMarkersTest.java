package io.basalt.benchmarks.runner.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DocsMarkersTest {
  @Test
  void replacesOnlyWhatLiesBetweenTheMarkers() {
    String document = "# Title\n\nprose\n" + DocsMarkers.BEGIN + "\nold table\n" + DocsMarkers.END + "\nafter\n";

    String updated = DocsMarkers.replace(document, "new table\n\n");

    assertEquals("# Title\n\nprose\n" + DocsMarkers.BEGIN + "\nnew table\n" + DocsMarkers.END + "\nafter\n",
        updated);
    assertEquals(updated, DocsMarkers.replace(updated, "new table"));
  }

  @Test
  void eachPairOfMarkersHasItsOwnSection() {
    String document = DocsMarkers.BEGIN + "\nmain\n" + DocsMarkers.END + "\n<!-- b -->\nold\n<!-- e -->\n";

    String updated = DocsMarkers.replace(document, "<!-- b -->", "<!-- e -->", "cluster");

    assertEquals(DocsMarkers.BEGIN + "\nmain\n" + DocsMarkers.END + "\n<!-- b -->\ncluster\n<!-- e -->\n", updated);
    assertThrows(IllegalArgumentException.class, () -> DocsMarkers.replace(document, "<!-- x -->", "<!-- e -->", ""));
  }

  @Test
  void aDocumentWithoutMarkersIsRefused() {
    assertThrows(IllegalArgumentException.class, () -> DocsMarkers.replace("# no markers\n", "table"));
  }

  @Test
  void aReportIsWrittenDatedAndAsTheLatestAndIntoTheDocs(@TempDir Path dir) throws IOException {
    Path report = DocsMarkers.writeReport("# run\n", dir, "tls-20261128.md", "tls-latest.md");
    assertEquals(dir.resolve("tls-20261128.md"), report);
    assertEquals("# run\n", Files.readString(report));
    assertEquals("# run\n", Files.readString(dir.resolve("tls-latest.md")));

    Path docs = Files.writeString(dir.resolve("benchmarks.md"), "intro\n<!-- b -->\nold\n<!-- e -->\n");
    DocsMarkers.replaceIn(docs, "<!-- b -->", "<!-- e -->", "# run\n");
    assertEquals("intro\n<!-- b -->\n# run\n<!-- e -->\n", Files.readString(docs));
  }
}
