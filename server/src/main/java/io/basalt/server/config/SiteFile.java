package io.basalt.server.config;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * Reads an hbase-site.xml style file: {@code <configuration>} with {@code <property><name/><value/></property>}
 * entries. Later entries override earlier ones, as in Hadoop configuration files.
 */
public final class SiteFile {
  private SiteFile() {}

  public static Map<String, String> read(Path file) throws ConfigException {
    if (!Files.isRegularFile(file)) {
      throw new ConfigException("config file " + file + " does not exist");
    }
    Document document;
    try (InputStream in = Files.newInputStream(file)) {
      document = parser().parse(in);
    } catch (IOException | SAXException e) {
      throw new ConfigException("cannot read config file " + file + ": " + e.getMessage());
    }
    Element root = document.getDocumentElement();
    if (!"configuration".equals(root.getTagName())) {
      throw new ConfigException("config file " + file + " must have a <configuration> root element");
    }
    Map<String, String> properties = new LinkedHashMap<>();
    NodeList entries = root.getElementsByTagName("property");
    for (int i = 0; i < entries.getLength(); i++) {
      Element property = (Element) entries.item(i);
      String name = childText(property, "name");
      String value = childText(property, "value");
      if (name == null || name.isBlank()) {
        throw new ConfigException("config file " + file + " has a <property> without a <name>");
      }
      properties.put(name.trim(), value == null ? "" : value.trim());
    }
    return properties;
  }

  private static DocumentBuilder parser() throws ConfigException {
    try {
      DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
      // A configuration file has no business loading external entities.
      factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
      factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
      return factory.newDocumentBuilder();
    } catch (ParserConfigurationException e) {
      throw new ConfigException("no XML parser available: " + e.getMessage());
    }
  }

  private static String childText(Element parent, String tag) {
    for (Node child = parent.getFirstChild(); child != null; child = child.getNextSibling()) {
      if (child instanceof Element element && tag.equals(element.getTagName())) {
        return element.getTextContent();
      }
    }
    return null;
  }
}
