package io.basalt.conformance.harness;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** An hbase-site.xml style file of properties, as Basalt's {@code --config} reads it. */
public final class SiteFileWriter {
  private SiteFileWriter() {}

  /** Writes {@code properties} to {@code file} and returns the file. */
  public static Path write(Path file, Map<String, String> properties) throws IOException {
    StringBuilder xml = new StringBuilder("<?xml version=\"1.0\"?>\n<configuration>\n");
    for (Map.Entry<String, String> property : properties.entrySet()) {
      xml.append("  <property><name>").append(property.getKey()).append("</name><value>")
          .append(property.getValue()).append("</value></property>\n");
    }
    Files.writeString(file, xml.append("</configuration>\n").toString());
    return file;
  }
}
