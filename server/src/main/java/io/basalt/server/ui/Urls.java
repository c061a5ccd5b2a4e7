package io.basalt.server.ui;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/** Links between the pages: a path and its query parameters, each value URL-encoded. */
final class Urls {
  private Urls() {}

  /** {@code path?name=value&...} from name, value pairs; a null value (or an empty filter) is left out. */
  static String of(String path, Object... namesAndValues) {
    if (namesAndValues.length % 2 != 0) {
      throw new IllegalArgumentException("parameters come in name, value pairs");
    }
    StringBuilder url = new StringBuilder(path);
    char separator = '?';
    for (int i = 0; i < namesAndValues.length; i += 2) {
      Object value = namesAndValues[i + 1];
      if (value == null || value.toString().isEmpty()) {
        continue;
      }
      url.append(separator).append(namesAndValues[i]).append('=')
          .append(URLEncoder.encode(value.toString(), StandardCharsets.UTF_8));
      separator = '&';
    }
    return url.toString();
  }

  static String table(String name) {
    return of("/table.jsp", "name", name);
  }

  static String snapshot(String name) {
    return of("/snapshot.jsp", "name", name);
  }
}
