package io.basalt.server.config;

import java.util.List;

/**
 * Writes every setting with its default and meaning as an hbase-site.xml style file: the {@code conf/basalt-site.xml}
 * an operator edits. It is rendered from {@link Settings}, so the shipped file cannot drift from what Basalt reads.
 */
public final class SiteFileTemplate {
  private SiteFileTemplate() {}

  public static String render(List<Setting> settings) {
    StringBuilder xml = new StringBuilder();
    xml.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    xml.append("<!--\n");
    xml.append("  Basalt's settings, each with its default. Property names are HBase's wherever HBase has one.\n");
    xml.append("  bin/basalt reads this file when no config file is named; flags on the command line win over it.\n");
    xml.append("  Generated from Settings.java: a new setting appears here in the same change.\n");
    xml.append("-->\n");
    xml.append("<configuration>\n");
    for (Setting setting : settings) {
      xml.append("  <property>\n");
      xml.append("    <name>").append(escape(setting.key())).append("</name>\n");
      xml.append("    <value>").append(escape(setting.defaultValue())).append("</value>\n");
      xml.append("    <description>").append(escape(setting.description())).append("</description>\n");
      xml.append("  </property>\n");
    }
    xml.append("</configuration>\n");
    return xml.toString();
  }

  private static String escape(String text) {
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }
}
