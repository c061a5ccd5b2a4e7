package io.basalt.server.ui;

/**
 * Builds an HTML page. Markup comes only from the pages' own literals ({@link #raw}, tag and attribute names); every
 * value that comes from the server or the request (table names, row keys, configuration values, query parameters)
 * goes through {@link #text} or an attribute value, both escaped, so that nothing a user can name becomes markup.
 * The page is built in memory: pages are paged, so a page is tens of kilobytes, and a page built whole can still be
 * answered with an error status if reading what it shows fails half way.
 */
final class Html {
  private final StringBuilder out = new StringBuilder(32 * 1024);

  /** Markup written by the page itself; never a value. */
  Html raw(String markup) {
    out.append(markup);
    return this;
  }

  /** A value, escaped. */
  Html text(Object value) {
    escape(String.valueOf(value), out);
    return this;
  }

  /** Opens {@code tag} with the attributes given as name, value pairs (values escaped; a null value is left out). */
  Html open(String tag, String... attributes) {
    out.append('<').append(tag);
    if (attributes.length % 2 != 0) {
      throw new IllegalArgumentException("attributes come in name, value pairs");
    }
    for (int i = 0; i < attributes.length; i += 2) {
      if (attributes[i + 1] != null) {
        out.append(' ').append(attributes[i]).append("=\"");
        escape(attributes[i + 1], out);
        out.append('"');
      }
    }
    out.append('>');
    return this;
  }

  Html close(String tag) {
    out.append("</").append(tag).append('>');
    return this;
  }

  /** {@code <tag attributes>value</tag>}, the value escaped. */
  Html element(String tag, Object value, String... attributes) {
    return open(tag, attributes).text(value).close(tag);
  }

  Html link(String href, Object value) {
    return element("a", value, "href", href);
  }

  /** A table cell holding a value. */
  Html cell(Object value) {
    return element("td", value);
  }

  /** A table cell holding a number, right-aligned by the stylesheet. */
  Html number(Object value) {
    return element("td", value, "class", "n");
  }

  /** A table row of header cells. */
  Html headings(String... names) {
    open("tr");
    for (String name : names) {
      element("th", name);
    }
    return close("tr");
  }

  @Override
  public String toString() {
    return out.toString();
  }

  static String escape(String value) {
    StringBuilder escaped = new StringBuilder(value.length() + 16);
    escape(value, escaped);
    return escaped.toString();
  }

  /**
   * Escapes the five characters that can end a text or a quoted attribute value, and control characters other than
   * tab and newline (which a browser shows as nothing, hiding what a value holds) as numeric references.
   */
  private static void escape(String value, StringBuilder to) {
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      switch (c) {
        case '<' -> to.append("&lt;");
        case '>' -> to.append("&gt;");
        case '&' -> to.append("&amp;");
        case '"' -> to.append("&quot;");
        case '\'' -> to.append("&#39;");
        default -> {
          if ((c < 0x20 && c != '\t' && c != '\n') || c == 0x7f) {
            to.append("&#").append((int) c).append(';');
          } else {
            to.append(c);
          }
        }
      }
    }
  }
}
