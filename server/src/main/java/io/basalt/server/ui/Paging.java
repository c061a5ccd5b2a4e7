package io.basalt.server.ui;

import java.util.List;
import java.util.function.IntFunction;

/**
 * One page of a long list ({@value #ROWS} rows): which rows it shows, and the links to the pages before and after.
 * Pages keep a thousand tables or ten thousand regions to a page a browser shows at once and the server renders in
 * milliseconds; only the rows shown are formatted.
 */
final class Paging {
  static final int ROWS = 100;

  private final int page;
  private final int pages;
  private final int total;

  private Paging(int page, int pages, int total) {
    this.page = page;
    this.pages = pages;
    this.total = total;
  }

  /** Page {@code page} of {@code total} rows; a page past the last is refused (there is always a first). */
  static Paging of(int total, int page) throws PageException {
    int pages = Math.max(1, (total + ROWS - 1) / ROWS);
    if (page > pages) {
      throw PageException.badRequest("page " + page + " is past the last page, " + pages);
    }
    return new Paging(page, pages, total);
  }

  /** The rows of {@code all} this page shows. */
  <T> List<T> rows(List<T> all) {
    return all.subList(Math.min(all.size(), (page - 1) * ROWS), Math.min(all.size(), page * ROWS));
  }

  int page() {
    return page;
  }

  /**
   * The links to the previous and next pages, and where this one is: {@code url} makes a page's address from its
   * number. Nothing when everything fits on one page.
   */
  void writeLinks(Html html, IntFunction<String> url) {
    if (pages == 1) {
      return;
    }
    html.open("nav", "class", "paging");
    if (page > 1) {
      html.element("a", "\u2190 previous", "href", url.apply(page - 1), "class", "previous", "rel", "prev");
    }
    html.element("span", "page " + page + " of " + pages + " (" + Format.count(total) + " in all)");
    if (page < pages) {
      html.element("a", "next \u2192", "href", url.apply(page + 1), "class", "next", "rel", "next");
    }
    html.close("nav");
  }
}
