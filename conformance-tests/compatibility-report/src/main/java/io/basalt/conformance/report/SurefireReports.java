package io.basalt.conformance.report;

import io.basalt.conformance.harness.ClientFeature;
import io.basalt.conformance.harness.FeatureDisplayNames;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * Reads one client run from a directory of Surefire XML reports: the client's name from the
 * {@code basalt.conformance.client} system property each report records, and each test case's features from its
 * display name (see {@link FeatureDisplayNames}). Test cases without features are not part of the matrix.
 */
final class SurefireReports {
  static final String CLIENT_PROPERTY = "basalt.conformance.client";

  private SurefireReports() {}

  static ClientRun read(Path directory) throws IOException {
    if (!Files.isDirectory(directory)) {
      throw new IOException("no test reports at " + directory.toAbsolutePath().normalize()
          + "; run the whole client matrix first (mvn verify)");
    }
    List<Path> files;
    try (Stream<Path> listing = Files.list(directory)) {
      files = listing.filter(p -> p.getFileName().toString().matches("TEST-.*\\.xml")).sorted().toList();
    }
    ClientRun run = null;
    for (Path file : files) {
      Element suite = parse(file).getDocumentElement();
      String client = clientOf(suite);
      if (client.isEmpty()) {
        continue;
      }
      if (run == null) {
        run = new ClientRun(client);
      } else if (!run.client().equals(client)) {
        throw new IOException(directory + " mixes reports of " + run.client() + " and " + client);
      }
      NodeList cases = suite.getElementsByTagName("testcase");
      for (int i = 0; i < cases.getLength(); i++) {
        Element testCase = (Element) cases.item(i);
        TestOutcome outcome = outcomeOf(testCase);
        for (ClientFeature feature : FeatureDisplayNames.features(testCase.getAttribute("name"))) {
          run.record(feature, outcome);
        }
      }
    }
    if (run == null || run.isEmpty()) {
      throw new IOException("no feature-tagged tests of a named client in " + directory.toAbsolutePath().normalize());
    }
    return run;
  }

  private static Document parse(Path file) throws IOException {
    try {
      DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
      factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
      return factory.newDocumentBuilder().parse(file.toFile());
    } catch (ParserConfigurationException | SAXException e) {
      throw new IOException("cannot read the test report " + file + ": " + e.getMessage(), e);
    }
  }

  private static String clientOf(Element suite) {
    NodeList properties = suite.getElementsByTagName("property");
    for (int i = 0; i < properties.getLength(); i++) {
      Element property = (Element) properties.item(i);
      if (CLIENT_PROPERTY.equals(property.getAttribute("name"))) {
        return property.getAttribute("value").trim();
      }
    }
    return "";
  }

  private static TestOutcome outcomeOf(Element testCase) {
    if (hasChild(testCase, "failure") || hasChild(testCase, "error")) {
      return TestOutcome.FAILED;
    }
    return hasChild(testCase, "skipped") ? TestOutcome.SKIPPED : TestOutcome.PASSED;
  }

  private static boolean hasChild(Element element, String name) {
    return element.getElementsByTagName(name).getLength() > 0;
  }
}
