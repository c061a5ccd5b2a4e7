package io.basalt.server.ui;

import io.basalt.server.info.WebPages;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/** The answers pages give, with the headers each kind needs beyond the info port's own. */
final class Answers {
  /**
   * Pages load only what Basalt serves: its stylesheet, and no script, frame, plug-in or inline style or script, so
   * that a value that somehow escaped its escaping could still not run.
   */
  private static final Map<String, String> HTML_HEADERS = Map.of(
      "Content-Security-Policy", "default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self'; "
          + "frame-ancestors 'none'; base-uri 'none'",
      "Referrer-Policy", "no-referrer");

  /** The same, and scripts and data requests to Basalt itself, for the pages drawn by a script of Basalt's. */
  private static final Map<String, String> SCRIPTED_HEADERS = Map.of(
      "Content-Security-Policy", "default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self'; "
          + "frame-ancestors 'none'; base-uri 'none'; script-src 'self'; connect-src 'self'",
      "Referrer-Policy", "no-referrer");

  private Answers() {}

  static WebPages.Page html(int status, Html page) {
    return new WebPages.Page(status, "text/html; charset=utf-8", HTML_HEADERS,
        page.toString().getBytes(StandardCharsets.UTF_8));
  }

  /** A page that loads Basalt's own script (no inline script, still). */
  static WebPages.Page htmlWithScript(int status, Html page) {
    return new WebPages.Page(status, "text/html; charset=utf-8", SCRIPTED_HEADERS,
        page.toString().getBytes(StandardCharsets.UTF_8));
  }

  static WebPages.Page text(int status, String contentType, String body) {
    return new WebPages.Page(status, contentType, Map.of(), body.getBytes(StandardCharsets.UTF_8));
  }

  /** HBase's info port sends {@code /} on to the master's page; so does this one. */
  static WebPages.Page redirect(String location) {
    return new WebPages.Page(302, "text/plain; charset=utf-8", Map.of("Location", location),
        ("see " + location + "\n").getBytes(StandardCharsets.UTF_8));
  }
}
