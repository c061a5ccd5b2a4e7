package io.basalt.server.metrics;

import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The query parameters of a {@code /jmx} request, as HBase's JMX servlet reads them (each one's first value):
 * {@code qry} (an ObjectName pattern, {@code *:*} when absent), {@code excl} (a pattern of beans to leave out),
 * {@code get} ({@code <ObjectName>::<attribute>}, or a comma-separated list of regular expressions when the attribute
 * part has a {@code *}), {@code callback} (JSONP) and {@code description} (only the value {@code true} asks for
 * descriptions).
 */
public record JmxQuery(String qry, String excl, String get, String callback, boolean description) {
  private static final Pattern CALLBACK = Pattern.compile("[A-Za-z0-9_]+");

  public static JmxQuery of(Map<String, List<String>> parameters) {
    return new JmxQuery(first(parameters, "qry"), first(parameters, "excl"), first(parameters, "get"),
        first(parameters, "callback"), "true".equals(first(parameters, "description")));
  }

  /**
   * False for a {@code callback} that is not a plain name, which HBase refuses (with status 500) so that no script
   * can be smuggled into a JSONP answer.
   */
  public boolean callbackIsValid() {
    return callback == null || CALLBACK.matcher(callback).matches();
  }

  /** The content type HBase answers with: JSON, or JavaScript for JSONP (its {@code utf8} spelling kept). */
  public String contentType() {
    return callback == null ? "application/json; charset=utf8" : "application/javascript; charset=utf8";
  }

  private static String first(Map<String, List<String>> parameters, String name) {
    List<String> values = parameters.get(name);
    return values == null || values.isEmpty() ? null : values.get(0);
  }
}
