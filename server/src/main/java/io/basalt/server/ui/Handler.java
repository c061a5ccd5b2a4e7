package io.basalt.server.ui;

import io.basalt.server.info.WebPages;
import java.io.IOException;

/** One path of the status pages. */
interface Handler {
  /**
   * The answer to a request with this query.
   *
   * @throws PageException when the query asks for something malformed (400) or absent (404)
   * @throws IOException when reading what the page shows fails (500)
   */
  WebPages.Page answer(Query query) throws IOException, PageException;
}
