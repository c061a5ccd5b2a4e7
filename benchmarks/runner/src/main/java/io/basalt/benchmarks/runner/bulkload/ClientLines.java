package io.basalt.benchmarks.runner.bulkload;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The lines the bulk load client JVM prints for the runner: {@code [bulkload] WHAT key=value key=value ...}, one
 * per result (a file set written, a region call, a load's end, a check), among whatever else its libraries print.
 */
final class ClientLines {
  private static final String PREFIX = "[bulkload] ";

  private ClientLines() {}

  /** The fields of every line of kind {@code what}, in output order. */
  static List<Map<String, String>> all(List<String> output, String what) {
    List<Map<String, String>> lines = new ArrayList<>();
    for (String line : output) {
      if (line.startsWith(PREFIX + what + " ")) {
        Map<String, String> fields = new LinkedHashMap<>();
        for (String token : line.substring(PREFIX.length() + what.length() + 1).trim().split(" ")) {
          int equals = token.indexOf('=');
          if (equals > 0) {
            fields.put(token.substring(0, equals), token.substring(equals + 1));
          }
        }
        lines.add(fields);
      }
    }
    return lines;
  }

  /** The fields of the last line of kind {@code what}, if there is one. */
  static Optional<Map<String, String>> last(List<String> output, String what) {
    List<Map<String, String>> lines = all(output, what);
    return lines.isEmpty() ? Optional.empty() : Optional.of(lines.get(lines.size() - 1));
  }

  static double number(Map<String, String> fields, String key) {
    String value = fields.get(key);
    if (value == null) {
      throw new IllegalArgumentException("no " + key + " in " + fields);
    }
    return Double.parseDouble(value);
  }
}
