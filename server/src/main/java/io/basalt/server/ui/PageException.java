package io.basalt.server.ui;

/** A request a page cannot answer with what was asked: a 400 (malformed) or 404 (no such thing) page says why. */
final class PageException extends Exception {
  private final int status;

  private PageException(int status, String message) {
    super(message);
    this.status = status;
  }

  static PageException badRequest(String message) {
    return new PageException(400, message);
  }

  static PageException notFound(String message) {
    return new PageException(404, message);
  }

  int status() {
    return status;
  }
}
