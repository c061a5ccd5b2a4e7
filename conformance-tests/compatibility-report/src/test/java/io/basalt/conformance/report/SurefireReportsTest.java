package io.basalt.conformance.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.basalt.conformance.harness.ClientFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How reports become cells: a failure anywhere marks the feature, untagged tests and unnamed runs are ignored. */
class SurefireReportsTest {
  @TempDir
  Path reports;

  private void report(String file, String client, String... testCases) throws IOException {
    StringBuilder xml = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite name=\"x\">\n"
        + "<properties><property name=\"basalt.conformance.client\" value=\"" + client + "\"/></properties>\n");
    for (String testCase : testCases) {
      xml.append(testCase).append('\n');
    }
    Files.writeString(reports.resolve(file), xml.append("</testsuite>\n").toString());
  }

  @Test
  void aFeatureIsPassedOnlyWhenEveryTestOfItPassed() throws IOException {
    report("TEST-a.xml", "client X",
        "<testcase name=\"[PUT, GET] putsAndGets\" classname=\"A\" time=\"0.1\"/>",
        "<testcase name=\"[GET] getsMore\" classname=\"A\" time=\"0.1\"><failure message=\"no\"/></testcase>",
        "<testcase name=\"[APPEND] appends\" classname=\"A\" time=\"0\"><skipped/></testcase>",
        "<testcase name=\"untagged\" classname=\"A\" time=\"0.1\"><error message=\"ignored\"/></testcase>");
    report("TEST-b.xml", "", "<testcase name=\"[DELETE] fromAnUnnamedRun\" classname=\"B\" time=\"0.1\"/>");
    ClientRun run = SurefireReports.read(reports);
    assertEquals("client X", run.client());
    assertEquals("✓", run.cell(ClientFeature.PUT));
    assertEquals("✗", run.cell(ClientFeature.GET));
    assertEquals("skipped", run.cell(ClientFeature.APPEND));
    assertEquals("—", run.cell(ClientFeature.DELETE));
    String table = CompatibilityTable.render(List.of(run));
    assertEquals("| feature | client X |", table.lines().findFirst().orElseThrow());
    assertEquals("| put | ✓ |", table.lines().filter(line -> line.startsWith("| put |")).findFirst().orElseThrow());
  }

  @Test
  void refusesADirectoryMixingTwoClients() throws IOException {
    report("TEST-a.xml", "client X", "<testcase name=\"[PUT] a\" classname=\"A\" time=\"0.1\"/>");
    report("TEST-b.xml", "client Y", "<testcase name=\"[PUT] b\" classname=\"B\" time=\"0.1\"/>");
    assertThrows(IOException.class, () -> SurefireReports.read(reports));
  }

  @Test
  void refusesAMissingDirectoryOrOneWithoutTaggedTests() throws IOException {
    assertThrows(IOException.class, () -> SurefireReports.read(reports.resolve("absent")));
    report("TEST-a.xml", "client X", "<testcase name=\"untagged\" classname=\"A\" time=\"0.1\"/>");
    assertThrows(IOException.class, () -> SurefireReports.read(reports));
  }
}
