package io.basalt.server.ui;

import io.basalt.server.info.StatusDocument;

/** What every HTML page has around its content: the head, the stylesheet, the navigation bar and the footer. */
final class Layout {
  /** The navigation bar: HBase's paths, where HBase has the page. */
  private static final String[][] NAVIGATION = {
      {"/master-status", "Home"},
      {"/tablesDetailed.jsp", "Tables"},
      {"/procedures.jsp", "Procedures"},
      {"/snapshotsStats.jsp", "Snapshots"},
      {"/keyviz", "Key Visualizer"},
      {"/conf", "Configuration"},
      {"/logLevel", "Log Level"},
      {"/stacks", "Thread Dump"},
      {"/jmx", "JMX"},
      {"/prometheus", "Prometheus"},
      {"/status", "Status JSON"},
  };

  private Layout() {}

  /**
   * Starts a page titled {@code title}; {@code current} is the navigation path it belongs to (marked in the bar), or
   * null.
   */
  static Html begin(String title, String current) {
    Html html = new Html();
    html.raw("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
        .raw("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
        .raw("<link rel=\"icon\" type=\"image/png\" href=\"/static/favicon.png\">")
        .raw("<link rel=\"stylesheet\" href=\"/static/basalt.css\">")
        .element("title", title + " \u2013 Basalt")
        .raw("</head><body><header><nav class=\"top\">")
        .raw("<a class=\"brand\" href=\"/master-status\">Basalt</a>");
    for (String[] item : NAVIGATION) {
      html.element("a", item[1], "href", item[0], "class", item[0].equals(current) ? "current" : null);
    }
    return html.raw("</nav></header><main>").element("h1", title);
  }

  /** Ends the page begun with {@link #begin}. */
  static Html end(Html html) {
    return html.raw("</main><footer>").text("Basalt " + StatusDocument.VERSION + " \u00b7 times in " + Format.zone())
        .raw("</footer></body></html>\n");
  }

  /** A section's heading, with an anchor to link to it by. */
  static void section(Html html, String id, String title) {
    html.element("h2", title, "id", id);
  }
}
