package io.basalt.server.metrics;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The names HBase 2.6's {@code /prometheus} gives metrics: the record name followed by the metric name with its first
 * letter in upper case, cut into words (at a lower-to-upper case change, before the last capital of a run of
 * capitals followed by a lower-case letter, and at every non-word character or run of underscores), the words joined
 * by {@code _} and the whole in lower case: {@code Server} + {@code totalRequestCount} is {@code
 * server_total_request_count}, {@code Procedure} + {@code numMasterWALs} is {@code procedure_num_master_wa_ls}.
 *
 * <p>Cutting a name costs a regular expression, about a microsecond; a region server's scrape has a few thousand
 * samples, or hundreds of thousands with many regions. So each scrape keeps the names it used, and the next scrape
 * looks them up there first: names seen in one scrape are all that is kept, so the memory follows the metrics that
 * exist (regions that split or move away drop out).
 */
final class PrometheusNames {
  private static final Pattern WORD_BREAK =
      Pattern.compile("(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=([A-Z][a-z]))|\\W|(_)+");

  private volatile Map<String, Map<String, String>> lastScrape = Map.of();

  /** The Prometheus name of {@code metric} of a record named {@code recordName}. */
  static String convert(String recordName, String metric) {
    String joined = recordName + capitalized(metric);
    // String.split drops the empty pieces at the end, as HBase's conversion does.
    return String.join("_", WORD_BREAK.split(joined)).toLowerCase(Locale.ROOT);
  }

  private static String capitalized(String name) {
    if (name.isEmpty()) {
      return name;
    }
    int first = name.codePointAt(0);
    int upper = Character.toTitleCase(first);
    return upper == first ? name : new StringBuilder(name.length()).appendCodePoint(upper)
        .append(name, Character.charCount(first), name.length()).toString();
  }

  /** A lookup for one scrape; {@link Scrape#finish()} makes its names the ones the next scrape starts from. */
  Scrape scrape() {
    return new Scrape(lastScrape);
  }

  final class Scrape {
    private final Map<String, Map<String, String>> previous;
    private final Map<String, Map<String, String>> current = new HashMap<>();

    private Scrape(Map<String, Map<String, String>> previous) {
      this.previous = previous;
    }

    String name(String recordName, String metric) {
      Map<String, String> names = current.get(recordName);
      if (names == null) {
        Map<String, String> before = previous.getOrDefault(recordName, Map.of());
        names = new HashMap<>(Math.max(16, before.size() * 4 / 3 + 1));
        current.put(recordName, names);
      }
      String name = names.get(metric);
      if (name == null) {
        Map<String, String> before = previous.get(recordName);
        name = before == null ? null : before.get(metric);
        if (name == null) {
          name = convert(recordName, metric);
        }
        names.put(metric, name);
      }
      return name;
    }

    void finish() {
      lastScrape = current;
    }
  }
}
