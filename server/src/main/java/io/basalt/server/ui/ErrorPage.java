package io.basalt.server.ui;

import io.basalt.server.info.WebPages;

/** The page for a request that has no answer: 400 (malformed), 404 (no such page or thing) or 500 (a failure). */
final class ErrorPage {
  private ErrorPage() {}

  static WebPages.Page of(int status, String message) {
    String title = switch (status) {
      case 400 -> "Bad request";
      case 403 -> "Not allowed";
      case 404 -> "Not found";
      default -> "Server error";
    };
    Html html = Layout.begin(title, null);
    html.element("p", message, "class", "error");
    html.open("p").link("/master-status", "Back to the server's page").close("p");
    return Answers.html(status, Layout.end(html));
  }
}
