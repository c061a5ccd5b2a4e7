package io.basalt.server.info;

import java.util.List;
import java.util.Map;

/**
 * What the info port serves besides {@code /status}, {@code /replicas}, {@code /jmx} and {@code /prometheus}: the
 * status pages. Asked on a rendering thread, never the port's event loop, for a whole answer, so that a page can
 * still choose its status (404, 500) after it has read what it shows.
 */
public interface WebPages {
  /**
   * The answer to a GET or HEAD of {@code path}; a failure is an answer too (a 500 page), never an exception.
   *
   * @param parameters the decoded query parameters, each name with its values in order
   */
  Page answer(String path, Map<String, List<String>> parameters);

  /** The answer to a request that could not be read, {@code why} being the reason: a 400 page. */
  Page badRequest(String why);

  /** A whole answer: its status, content type, headers beyond the port's own, and body. */
  record Page(int status, String contentType, Map<String, String> headers, byte[] body) {}
}
