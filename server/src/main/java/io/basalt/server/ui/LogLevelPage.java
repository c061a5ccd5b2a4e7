package io.basalt.server.ui;

import io.basalt.server.config.BasaltConfig;
import io.basalt.server.config.Settings;
import io.basalt.server.info.WebPages;
import java.util.Locale;

/**
 * {@code /logLevel}, as HBase's: {@code ?log=<logger>} shows a logger's effective level, {@code &level=<LEVEL>}
 * (TRACE, DEBUG, INFO, WARN, ERROR, OFF, ALL) sets it. Setting a level is an administrator's act, which HBase grants
 * to the users its info port authenticates (SPNEGO) when {@code hadoop.security.authorization} is on. This port
 * authenticates no one, so setting is refused (403, the page saying why) whenever authorization is on, by HBase's
 * setting or Hadoop's, and when {@code hbase.master.ui.readonly} is set, as HBase refuses it; otherwise anyone who
 * reaches the port may set levels, as anyone may call the RPC port. A level set here lasts until the server stops.
 */
final class LogLevelPage implements Handler {
  private final LogLevels levels;
  /** Why levels cannot be set here, or null if they can. */
  private final String refusal;

  LogLevelPage(LogLevels levels, String refusal) {
    this.levels = levels;
    this.refusal = refusal;
  }

  /** The page for a server with this configuration. */
  static LogLevelPage of(LogLevels levels, BasaltConfig config) {
    String refusal = null;
    if (isTrue(config.get("hbase.master.ui.readonly"))) {
      refusal = "hbase.master.ui.readonly is true";
    } else if (isTrue(config.get(Settings.AUTHORIZATION.key()))) {
      refusal = "hbase.security.authorization is on, and this port authenticates no one";
    } else if (isTrue(config.get("hadoop.security.authorization"))) {
      refusal = "hadoop.security.authorization is on, and this port authenticates no one";
    }
    return new LogLevelPage(levels, refusal);
  }

  private static boolean isTrue(String value) {
    return value != null && value.trim().equalsIgnoreCase("true");
  }

  @Override
  public WebPages.Page answer(Query query) throws PageException {
    String log = query.get("log");
    String level = query.get("level");
    if (level != null && (log == null || log.isEmpty())) {
      throw PageException.badRequest("a level is set on a logger: give its name as 'log'");
    }
    if (level != null && LogLevels.julLevel(level) == null) {
      throw PageException.badRequest("'" + level + "' is not a level; the levels are " + String.join(", ",
          LogLevels.NAMES));
    }
    Html html = Layout.begin("Log Level", "/logLevel");
    int status = 200;
    if (log != null && !log.isEmpty()) {
      if (level != null) {
        if (refusal != null) {
          status = 403;
          html.element("p", "Not set: " + refusal + ".", "class", "error");
        } else {
          levels.set(log, level);
          html.element("p", "Set " + log + " to " + level.toUpperCase(Locale.ROOT) + ".", "class", "done");
        }
      }
      LogLevels.Effective effective = levels.effective(log);
      html.open("dl", "class", "summary");
      html.element("dt", "Logger").element("dd", log);
      html.element("dt", "Effective level").element("dd", effective.level() + " (java.util.logging "
          + effective.julLevel() + ", set on " + effective.setOn() + ")");
      html.close("dl");
    }
    form(html, log);
    html.element("p", refusal != null ? "Levels can be read but not set here: " + refusal + "."
        : "Anyone who reaches this port may set levels: authorization is off.", "class", "note");
    html.element("p", "Basalt logs through java.util.logging: TRACE is FINEST, DEBUG is FINE, INFO is INFO, WARN is "
        + "WARNING and ERROR is SEVERE. A level set here lasts until the server stops; conf/logging.properties sets "
        + "them for good.", "class", "note");
    return Answers.html(status, Layout.end(html));
  }

  /** Two forms: one shows a logger's level, the other (when allowed) sets it, offering its level as it is. */
  private void form(Html html, String log) {
    String name = log == null ? "" : log;
    String current = name.isEmpty() ? "INFO" : levels.effective(name).level();
    html.open("form", "method", "get", "action", "/logLevel", "class", "loglevel show");
    html.element("label", "Show the level of", "for", "show-log");
    html.open("input", "type", "text", "id", "show-log", "name", "log", "value", name,
        "placeholder", "io.basalt.hbase");
    html.element("button", "Show its level", "type", "submit");
    html.close("form");
    if (refusal != null) {
      return;
    }
    html.open("form", "method", "get", "action", "/logLevel", "class", "loglevel set");
    html.element("label", "Set the level of", "for", "set-log");
    html.open("input", "type", "text", "id", "set-log", "name", "log", "value", name, "required", "required");
    html.element("label", "to", "for", "set-level");
    html.open("select", "id", "set-level", "name", "level");
    for (String level : LogLevels.NAMES) {
      html.element("option", level, "value", level, "selected", level.equals(current) ? "selected" : null);
    }
    html.close("select");
    html.element("button", "Set its level", "type", "submit");
    html.close("form");
  }
}
