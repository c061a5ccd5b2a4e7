package io.basalt.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.hbase.compaction.Compactable;
import io.basalt.hbase.compaction.CompactionBacklog;
import io.basalt.hbase.compaction.CompactionQueue;
import io.basalt.hbase.compaction.TabletCompaction;
import io.basalt.hbase.master.ProcedureTracker;
import io.basalt.hbase.master.TableDdl;
import io.basalt.server.config.BasaltConfig;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The pages of a server with many tables and ten thousand regions: each page shows its hundred rows, the paging
 * links lead through all of them, and how long each page takes is printed (the report in target/surefire-reports
 * has it; a time is measured, never asserted). The tables are made through the master's DDL, as a client's
 * createTable would, without a client's round trips. The build makes 200 tables: each table is a RocksDB column
 * family, and creating one costs RocksDB more the more there are (the 1,000th took about 0.4 s here, 1,000 tables
 * over four minutes on a loaded two-core machine), so {@code -Dbasalt.webui.scale.tables=1000} is the thousand-table
 * run, by hand. Either way the regions number 10,000: one table holds what the others, nine each, leave.
 */
class WebUiScaleTest {
  private static final int TABLES = Integer.getInteger("basalt.webui.scale.tables", 200);
  private static final int REGIONS = 10_000;
  private static final int SMALL_TABLE_REGIONS = 9;
  /** One table with many regions, for the regions' paging. */
  private static final int BIG_TABLE_REGIONS = REGIONS - SMALL_TABLE_REGIONS * (TABLES - 1);
  /** The rows a page shows. */
  private static final int ROWS_PER_PAGE = 100;
  private static final Pattern TABLE_LINK = Pattern.compile("<td><a href=\"/table\\.jsp\\?name=([^\"]+)\">");
  private static final Pattern REGION_CELL = Pattern.compile("<td title=\"[^\"]+\" class=\"region\">");

  @TempDir
  Path dir;

  @Test
  void manyTablesAndTenThousandRegionsArePaged() throws Exception {
    BasaltServer server = start();
    try {
      long createStart = System.nanoTime();
      TableDdl ddl = server.frontend().master().ddl();
      ProcedureTracker procedures = server.frontend().master().procedures();
      procedures.run("CreateTableProcedure", "test", () -> ddl.create(descriptor("big"), splitKeys(BIG_TABLE_REGIONS)));
      for (int i = 1; i < TABLES; i++) {
        TableDescriptor table = descriptor(String.format("t%04d", i));
        procedures.run("CreateTableProcedure", "test", () -> ddl.create(table, splitKeys(SMALL_TABLE_REGIONS)));
      }
      System.out.printf("WebUiScaleTest: created %d tables, %d regions, in %d ms%n", TABLES, REGIONS,
          millisSince(createStart));
      InfoPortClient info = new InfoPortClient(server.identity().infoPort());
      info.get("/master-status"); // the first request makes the pages; what follows is the steady state

      Map<String, List<Long>> timings = new LinkedHashMap<>();
      String first = timed(info, "/master-status", timings);
      assertEquals(ROWS_PER_PAGE, count(TABLE_LINK, first), "the server page shows the first hundred tables");

      List<String> seen = new ArrayList<>();
      String page = timed(info, "/tablesDetailed.jsp", timings);
      for (int number = 2; page.contains("rel=\"next\""); number++) {
        seen.addAll(names(page));
        page = timed(info, "/tablesDetailed.jsp?page=" + number, timings);
      }
      seen.addAll(names(page));
      assertEquals(TABLES + 1, seen.size(), "every table and hbase:meta, each once, over the pages");
      assertEquals(seen.size(), seen.stream().distinct().count());

      String filtered = timed(info, "/tablesDetailed.jsp?filter=t01", timings);
      assertEquals(ROWS_PER_PAGE, count(TABLE_LINK, filtered), "t0100 to t0199");

      int regions = 0;
      String regionPage = timed(info, "/table.jsp?name=big", timings);
      for (int number = 2; regionPage.contains("rel=\"next\""); number++) {
        regions += count(REGION_CELL, regionPage);
        regionPage = timed(info, "/table.jsp?name=big&page=" + number, timings);
      }
      regions += count(REGION_CELL, regionPage);
      assertEquals(BIG_TABLE_REGIONS, regions, "every region of the big table over its pages");
      timed(info, "/table.jsp?name=t0150", timings);
      tasksStayAPage(server, info, timings);
      timed(info, "/procedures.jsp", timings);
      timed(info, "/procedures.jsp?page=2", timings);
      timings.forEach((path, millis) -> {
        List<Long> sorted = millis.stream().sorted().toList();
        System.out.printf("WebUiScaleTest: %s: %d pages, median %d ms, slowest %d ms%n", path, sorted.size(),
            sorted.get(sorted.size() / 2), sorted.get(sorted.size() - 1));
      });
    } finally {
      server.stop();
    }
  }

  /**
   * Compactions queued for more regions than a page lists: the server page lists a hundred and counts the rest. The
   * queue's one worker is held by a region that waits while the worker asks which region it is, so nothing drains.
   */
  private static void tasksStayAPage(BasaltServer server, InfoPortClient info, Map<String, List<Long>> timings)
      throws Exception {
    CompactionQueue compactions = server.frontend().compactions();
    List<RegionInfo> regions = server.frontend().tables().require(TableName.valueOf("big")).regions();
    CountDownLatch release = new CountDownLatch(1);
    try {
      compactions.request(new HeldRegion(regions.get(0), release), true, null);
      for (RegionInfo region : regions.subList(1, 151)) {
        compactions.request(new HeldRegion(region, null), true, null);
      }
      // A parameter the page ignores, so that this page's time is reported apart from the first one's.
      String page = timed(info, "/master-status?with=compactions", timings);
      String tasks = page.substring(page.indexOf("id=\"tasks\""), page.indexOf("id=\"attributes\""));
      assertEquals(ROWS_PER_PAGE + 1, count(Pattern.compile("<tr><td>compaction</td>"), tasks), tasks);
      assertTrue(tasks.contains("and 51 more regions with compactions queued"), tasks);
    } finally {
      release.countDown();
    }
  }

  /** A region whose compaction waits for {@code release}, if given, once the queue's worker takes it up. */
  private record HeldRegion(RegionInfo region, CountDownLatch release) implements Compactable {
    @Override
    public RegionInfo info() {
      if (release != null && Thread.currentThread().getName().equals("compaction")) {
        try {
          release.await(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      return region;
    }

    @Override
    public boolean isOnline() {
      return true;
    }

    @Override
    public Optional<TabletCompaction.Outcome> compact(boolean major, byte[] family, BooleanSupplier cancelled) {
      return Optional.empty(); // never called: the queue compacts the region as served
    }

    @Override
    public CompactionBacklog compactionBacklog() {
      return new CompactionBacklog();
    }
  }

  /** Gets a page, recording its time under its path without the page number (the pages of one list together). */
  private static String timed(InfoPortClient info, String path, Map<String, List<Long>> timings) throws Exception {
    long start = System.nanoTime();
    HttpResponse<String> page = info.get(path);
    String kind = path.replaceAll("[?&]page=\\d+", "");
    timings.computeIfAbsent(kind, k -> new ArrayList<>()).add(millisSince(start));
    assertEquals(200, page.statusCode(), path + ": " + page.body());
    assertTrue(page.body().endsWith("</html>\n"), path + " is whole");
    return page.body();
  }

  private static List<String> names(String page) {
    List<String> names = new ArrayList<>();
    Matcher matcher = TABLE_LINK.matcher(page);
    while (matcher.find()) {
      names.add(matcher.group(1));
    }
    return names;
  }

  private static int count(Pattern pattern, String page) {
    return (int) pattern.matcher(page).results().count();
  }

  private static long millisSince(long startNanos) {
    return (System.nanoTime() - startNanos) / 1_000_000;
  }

  private static TableDescriptor descriptor(String name) {
    return TableDescriptorBuilder.newBuilder(TableName.valueOf(name))
        .setColumnFamily(ColumnFamilyDescriptorBuilder.of("f")).build();
  }

  private static List<byte[]> splitKeys(int regions) {
    List<byte[]> keys = new ArrayList<>();
    for (int i = 1; i < regions; i++) {
      keys.add(Bytes.toBytes(String.format("row%05d", i)));
    }
    return keys;
  }

  private BasaltServer start() throws Exception {
    return BasaltServer.start(BasaltConfig.of(LoopbackSettings.of(dir.resolve("data"))));
  }
}
