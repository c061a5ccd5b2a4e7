package io.basalt.tools.cert;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;

/**
 * Writes properties as a Hadoop-style {@code <configuration>} file, the form of hbase-site.xml, so an operator can
 * paste its {@code <property>} elements into theirs or name the file itself. Written by hand rather than with
 * Hadoop's {@code Configuration.writeXml}, which adds a source and a final flag to every property.
 */
final class SiteXml {
  private SiteXml() {
  }

  /** The XML text; the comment, if not null, goes above the properties. */
  static String of(String comment, Map<String, String> properties) {
    StringBuilder xml = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    if (comment != null) {
      // "--" may not appear inside an XML comment.
      xml.append("<!--\n  ").append(comment.replace("--", "- -").replace("\n", "\n  ")).append("\n-->\n");
    }
    xml.append("<configuration>\n");
    properties.forEach((name, value) -> xml.append("  <property>\n")
        .append("    <name>").append(escape(name)).append("</name>\n")
        .append("    <value>").append(escape(value)).append("</value>\n")
        .append("  </property>\n"));
    return xml.append("</configuration>\n").toString();
  }

  /** Writes the file readable by its owner only: the properties hold store passwords. */
  static void write(Path file, String comment, Map<String, String> properties) throws IOException {
    OwnerOnlyFiles.write(file, of(comment, properties).getBytes(StandardCharsets.UTF_8));
  }

  private static String escape(String text) {
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }
}
