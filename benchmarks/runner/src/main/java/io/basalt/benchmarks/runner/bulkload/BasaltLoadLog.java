package io.basalt.benchmarks.runner.bulkload;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Basalt's own account of a bulk load, from its log: one line per region call, "Bulk loaded N entries into REGION
 * from [FILES] in M ms", M covering the HFiles' cells read, its own SST files written and ingested (not the files'
 * opening, nor the flush before).
 */
final class BasaltLoadLog {
  private static final Pattern LOADED = Pattern.compile("Bulk loaded (\\d+) entries into (.+?) from .* in (\\d+) ms");

  /** One region's load as Basalt logged it. */
  record RegionLoad(long entries, String region, long millis) {}

  private BasaltLoadLog() {}

  static List<RegionLoad> parse(List<String> lines) {
    List<RegionLoad> loads = new ArrayList<>();
    for (String line : lines) {
      Matcher matcher = LOADED.matcher(line);
      if (matcher.find()) {
        loads.add(new RegionLoad(Long.parseLong(matcher.group(1)), matcher.group(2),
            Long.parseLong(matcher.group(3))));
      }
    }
    return loads;
  }
}
