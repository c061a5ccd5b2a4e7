package io.basalt.benchmarks.runner.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

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
}
