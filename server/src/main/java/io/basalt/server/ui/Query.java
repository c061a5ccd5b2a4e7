package io.basalt.server.ui;

import java.util.List;
import java.util.Map;

/** A request's query parameters, read as the pages read them: unknown names are ignored, known ones checked. */
final class Query {
  /** The highest page number asked for that is read as a number; beyond it the request is refused. */
  private static final int MAX_PAGE = 1_000_000;
  /** A filter or name longer than this is refused: no table, logger or property name is that long. */
  private static final int MAX_VALUE_CHARS = 1_000;

  private final Map<String, List<String>> parameters;

  Query(Map<String, List<String>> parameters) {
    this.parameters = parameters;
  }

  /** The parameter's first value, or null when it is absent. */
  String get(String name) throws PageException {
    List<String> values = parameters.get(name);
    if (values == null || values.isEmpty()) {
      return null;
    }
    String value = values.get(0);
    if (value.length() > MAX_VALUE_CHARS) {
      throw PageException.badRequest("the parameter '" + name + "' is longer than " + MAX_VALUE_CHARS + " characters");
    }
    return value;
  }

  /** The parameter's value, which must be given and not be empty. */
  String required(String name) throws PageException {
    String value = get(name);
    if (value == null || value.isEmpty()) {
      throw PageException.badRequest("the parameter '" + name + "' is required");
    }
    return value;
  }

  /** The page number asked for ({@code page}, counting from 1), 1 when none is. */
  int page() throws PageException {
    String value = get("page");
    if (value == null) {
      return 1;
    }
    try {
      int page = Integer.parseInt(value.trim());
      if (page >= 1 && page <= MAX_PAGE) {
        return page;
      }
    } catch (NumberFormatException e) {
      // refused below, with the value
    }
    throw PageException.badRequest("the page must be a number from 1, not '" + value + "'");
  }

  /** The {@code filter} parameter: a substring names must hold, or empty for all. */
  String filter() throws PageException {
    String value = get("filter");
    return value == null ? "" : value.trim();
  }
}
