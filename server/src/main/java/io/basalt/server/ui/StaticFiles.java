package io.basalt.server.ui;

import io.basalt.server.info.WebPages;
import java.io.IOException;
import java.io.InputStream;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@code /static/...}: the pages' stylesheet and icon, from the server's jar; nothing is fetched from anywhere else.
 */
final class StaticFiles {
  /** The files served, with their content types: only these, so no path reaches anything else in the jar. */
  private static final Map<String, String> FILES = Map.of(
      "/static/basalt.css", "text/css; charset=utf-8",
      "/static/favicon.png", "image/png",
      "/static/keyviz.js", "text/javascript; charset=utf-8");

  private final Map<String, byte[]> loaded = new ConcurrentHashMap<>();

  WebPages.Page answer(String path) throws IOException, PageException {
    String type = FILES.get(path);
    if (type == null) {
      throw PageException.notFound("This server has no file " + path + ".");
    }
    byte[] body = loaded.get(path);
    if (body == null) {
      String resource = path.substring("/static/".length());
      try (InputStream in = StaticFiles.class.getResourceAsStream(resource)) {
        if (in == null) {
          throw new IOException(resource + " is missing from the server's jar");
        }
        body = in.readAllBytes();
      }
      loaded.put(path, body);
    }
    return new WebPages.Page(200, type, Map.of(), body);
  }
}
