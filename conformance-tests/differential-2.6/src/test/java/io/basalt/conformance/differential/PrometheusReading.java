package io.basalt.conformance.differential;

import java.io.IOException;
import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * One read of a server's {@code /prometheus} text: for each metric name ({@linkplain MetricNames#canonical
 * canonical}), the type its {@code # TYPE} line gives and the label names of its samples. Values are not kept:
 * the test compares counts through /jmx.
 */
final class PrometheusReading {
  /** The type of a sample no {@code # TYPE} line announced. */
  static final String UNTYPED = "untyped";

  private final Map<String, String> types;
  private final Map<String, Set<String>> labelNames;

  private PrometheusReading(Map<String, String> types, Map<String, Set<String>> labelNames) {
    this.types = types;
    this.labelNames = labelNames;
  }

  static PrometheusReading read(int port) throws IOException {
    return parse(MetricsPages.get(port, "/prometheus"));
  }

  static PrometheusReading parse(String text) throws IOException {
    Map<String, String> types = new TreeMap<>();
    Map<String, Set<String>> labelNames = new TreeMap<>();
    for (String line : text.split("\n")) {
      if (line.isBlank()) {
        continue;
      }
      if (line.startsWith("#")) {
        String[] words = line.trim().split("\\s+");
        if (words.length == 4 && words[1].equals("TYPE")) {
          types.put(MetricNames.canonical(words[2]), words[3]);
        }
        continue;
      }
      int labels = line.indexOf('{');
      int space = line.indexOf(' ');
      if (space < 0) {
        throw new IOException("/prometheus line without a value: " + line);
      }
      String name = MetricNames.canonical(line.substring(0, labels >= 0 && labels < space ? labels : space));
      String names = labels >= 0 && labels < space ? labelNames(line, labels) : "";
      labelNames.computeIfAbsent(name, unused -> new TreeSet<>()).add(names);
      types.putIfAbsent(name, UNTYPED);
    }
    return new PrometheusReading(types, labelNames);
  }

  /**
   * The names in {@code {a="x",b="y"}} starting at {@code open}, sorted and comma separated. HBase writes label
   * values unescaped (a server name holds commas), so a value ends at a quote followed by a comma or the brace.
   */
  private static String labelNames(String line, int open) throws IOException {
    Set<String> names = new TreeSet<>();
    int at = open + 1;
    while (at < line.length() && line.charAt(at) != '}') {
      int equals = line.indexOf("=\"", at);
      if (equals < 0) {
        throw new IOException("/prometheus labels not as name=\"value\": " + line);
      }
      names.add(line.substring(at, equals));
      int end = equals + 2;
      while (end < line.length() && !(line.charAt(end) == '"'
          && end + 1 < line.length() && (line.charAt(end + 1) == ',' || line.charAt(end + 1) == '}'))) {
        end++;
      }
      if (end >= line.length()) {
        throw new IOException("/prometheus label value not closed: " + line);
      }
      at = line.charAt(end + 1) == ',' ? end + 2 : end + 1;
    }
    return String.join(",", names);
  }

  Set<String> names() {
    return Collections.unmodifiableSet(types.keySet());
  }

  /** The name's type ({@code counter}, {@code gauge}, ...), or null if the server has no such metric. */
  String type(String name) {
    return types.get(name);
  }

  /** The label names the name's samples carry: one sorted, comma-separated list per distinct set. */
  Set<String> labelNames(String name) {
    return labelNames.getOrDefault(name, Set.of());
  }
}
