package io.basalt.examples.highways;

import io.basalt.examples.common.RegionRequests;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;

/**
 * Which tablets of a table took the writes, stretch by stretch of a load: one line per stretch of time, one column
 * per tablet, like a text version of a key-visualizer heat map. Counts come from the server's region metrics.
 */
public final class WriteHeatMap {
  private final Admin admin;
  private final TableName table;
  private final List<String> labels = new ArrayList<>();
  private final List<long[]> writes = new ArrayList<>();
  private RegionRequests sinceLastStretch;

  /** Starts counting from now. */
  public WriteHeatMap(Admin admin, TableName table) throws IOException {
    this.admin = admin;
    this.table = table;
    this.sinceLastStretch = RegionRequests.of(admin, table);
  }

  /** Records the writes each tablet served since the previous stretch ended; flush buffered writes first. */
  public void endStretch(String label) throws IOException {
    RegionRequests now = RegionRequests.of(admin, table);
    writes.add(now.minus(sinceLastStretch).writesPerRegion());
    labels.add(label);
    sinceLastStretch = now;
  }

  /** Per stretch, the writes of each tablet in row-key order. */
  public List<long[]> writesPerStretch() {
    return writes.stream().map(long[]::clone).toList();
  }

  public void print(PrintStream out, String title) {
    out.println("  " + title);
    int tablets = writes.isEmpty() ? 0 : writes.get(0).length;
    StringBuilder header = new StringBuilder(String.format(Locale.ROOT, "    %-13s tablet", "readings of"));
    for (int tablet = 1; tablet <= tablets; tablet++) {
      header.append(String.format(Locale.ROOT, "%7d", tablet));
    }
    out.println(header.append("  busiest"));
    for (int stretch = 0; stretch < writes.size(); stretch++) {
      long[] counts = writes.get(stretch);
      StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "    %-20s", labels.get(stretch)));
      for (long count : counts) {
        line.append(String.format(Locale.ROOT, "%,7d", count));
      }
      out.println(line.append(String.format(Locale.ROOT, "  %6.0f%%", 100 * busiestShare(counts))));
    }
  }

  /** The share of a stretch's writes that its busiest tablet took: 1/tablets when even, 1 when one did all. */
  public static double busiestShare(long[] counts) {
    long total = Arrays.stream(counts).sum();
    return total == 0 ? 0 : (double) Arrays.stream(counts).max().orElse(0) / total;
  }
}
