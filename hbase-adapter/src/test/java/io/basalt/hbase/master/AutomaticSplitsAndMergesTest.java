package io.basalt.hbase.master;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.hbase.master.ClusterSwitches.Switch;
import io.basalt.hbase.schema.HBaseTable;
import io.basalt.hbase.compaction.MemstoreFlush;
import io.basalt.hbase.schema.TableDirectory;
import io.basalt.hbase.stats.StatisticsSampler;
import io.basalt.hbase.stats.TabletRequests;
import io.basalt.hbase.stats.TabletStatistics;
import io.basalt.hbase.testing.ManualClock;
import io.basalt.storage.StoreOptions;
import io.basalt.storage.TabletStore;
import io.basalt.storage.data.Durability;
import io.basalt.storage.data.RowMutation;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.UnaryOperator;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The automatic splitter's decisions, one look at a time ({@link AutomaticSplitsAndMerges#check()}), over a real
 * store whose tablet sizes come from RocksDB and whose request rates and sampled rows are fed to the statistics second
 * by second on a manual clock: nothing waits. A tablet over the size limit splits at its middle row; one hot enough, for long
 * enough and with enough of the server's load splits at the median of its sampled rows; small cold old neighbours
 * of a table with NORMALIZATION_ENABLED merge; the switches and the tables' flags stop each; and a look changes each
 * table at most once.
 */
class AutomaticSplitsAndMergesTest {
  private static final byte[] F = toBytes("f");
  /** Small enough that a few hundred kilobytes of rows go over it. */
  private static final long MAX_BYTES = 256 << 10;
  private static final SplitMergePolicy POLICY = new SplitMergePolicy(10_000, MAX_BYTES, 50, 1_000, 55_000,
      MAX_BYTES / 2, 1, 600_000);

  @TempDir
  Path directory;

  private final ManualClock clock = new ManualClock();
  private TabletStore store;
  private TableDdl ddl;
  private TabletStatistics statistics;
  private ClusterSwitches switches;

  @BeforeEach
  void open() throws Exception {
    store = TabletStore.open(directory, StoreOptions.defaults());
    ddl = new TableDdl(store, new TableDirectory(), new Namespaces(store), new MemstoreFlush(clock));
    statistics = new TabletStatistics(clock);
    switches = new ClusterSwitches(null);
  }

  @AfterEach
  void close() {
    statistics.close();
    store.close();
  }

  @Test
  void aTabletOverTheSizeLimitSplitsAtItsMiddleRowOnceALook() throws Exception {
    TableName name = table("big", builder -> builder);
    writeRows(name, 200, 4_096);
    look();
    assertEquals(List.of("", "r100"), startRows(name), "split at the middle of rows r000 to r199");
    look();
    assertEquals(List.of("", "r050", "r100"), startRows(name), "both halves are over the limit: one split a look");
    look();
    assertEquals(List.of("", "r050", "r100", "r150"), startRows(name));
  }

  @Test
  void aTabletUnderTheSizeLimitStays() throws Exception {
    TableName name = table("small", builder -> builder);
    writeRows(name, 20, 4_096);
    look();
    assertEquals(List.of(""), startRows(name));
  }

  @Test
  void eachTableGetsItsOwnChangeInTheSameLook() throws Exception {
    TableName first = table("first", builder -> builder);
    TableName second = table("second", builder -> builder);
    writeRows(first, 200, 4_096);
    writeRows(second, 200, 4_096);
    look();
    assertEquals(2, regions(first).size());
    assertEquals(2, regions(second).size());
  }

  @Test
  void aHotTabletSplitsAtTheMedianOfItsSampledRowsNotItsMiddleRow() throws Exception {
    TableName name = table("hot", builder -> builder);
    writeRows(name, 100, 16); // r000 to r099: the middle row is r050
    RegionInfo region = regions(name).get(0);
    touch(region, "r080", "r081", "r082", "r083", "r084", "r085", "r086", "r087", "r088", "r089");
    sustain(Map.of(region, 2_000), 60);
    byte[] median = statistics.find(region.getEncodedName()).orElseThrow().sampledRows().median().orElseThrow();
    look();
    assertEquals(List.of("", Bytes.toString(median)), startRows(name));
    assertTrue(Bytes.toString(median).matches("r08[0-9]"), "a sampled row: " + Bytes.toString(median));
  }

  @Test
  void loadSplitsOnlyAtTheRequestRateThreshold() throws Exception {
    TableName name = table("rate", builder -> builder);
    RegionInfo region = regions(name).get(0);
    touch(region, "k");
    sustain(Map.of(region, 999), 60);
    look();
    assertEquals(1, regions(name).size(), "999 requests a second is under the 1,000 threshold");
    sustain(Map.of(region, 1_001), 60); // the one-minute window now holds only the faster minute
    look();
    assertEquals(List.of("", "k"), startRows(name), "a single hot row that is not the tablet's start splits off");
  }

  @Test
  void loadSplitsOnlyATabletServingAtLeastItsShareOfTheServer() throws Exception {
    TableName name = table("share", builder -> builder);
    TableName others = table("others", builder -> builder, "b", "c", "d");
    RegionInfo hot = regions(name).get(0);
    touch(hot, "k");
    List<RegionInfo> warm = regions(others);
    // 1,000 of 1,000 + 3 x 350 = 2,050 requests a second: 48.8 %, under half.
    sustain(Map.of(hot, 1_000, warm.get(0), 350, warm.get(1), 350, warm.get(2), 350), 60);
    look();
    assertEquals(1, regions(name).size(), "under half the server's requests");
    assertEquals(4, regions(others).size(), "350 requests a second each is not hot");
    // 1,000 of 1,000 + 3 x 330 = 1,990: 50.3 %.
    sustain(Map.of(hot, 1_000, warm.get(0), 330, warm.get(1), 330, warm.get(2), 330), 60);
    look();
    assertEquals(List.of("", "k"), startRows(name));
  }

  @Test
  void loadSplitsOnlyOnceItHasBeenMeasuredForTheSustainTime() throws Exception {
    TableName name = table("burst", builder -> builder);
    RegionInfo region = regions(name).get(0);
    touch(region, "k");
    StatisticsSampler.sample(statistics);
    sustain(Map.of(region, 5_000), 54);
    look();
    assertEquals(1, regions(name).size(), "a 54-second burst is not sustained load");
    sustain(Map.of(region, 5_000), 1);
    look();
    assertEquals(List.of("", "k"), startRows(name), "55 seconds are");
  }

  @Test
  void aHotRowThatStartsItsTabletCannotBeSplitOffAndTheLookGoesOn() throws Exception {
    TableName name = table("start", builder -> builder, "k", "q");
    writeRows(name, 200, 4_096); // r000 to r199, all in the last region, which goes over the size limit
    RegionInfo hot = regions(name).get(1);
    touch(hot, "k");
    sustain(Map.of(hot, 5_000), 60);
    look();
    assertEquals(List.of("", "k", "q", "r100"), startRows(name), "the hot region stays whole; the big one splits");
  }

  @Test
  void smallColdOldNeighboursOfANormalizedTableMergeOnePairALook() throws Exception {
    TableName name = table("normalized", builder -> builder.setNormalizationEnabled(true), "g", "p");
    writeRows(name, 30, 16);
    ageRegions(name, POLICY.mergeMinAgeMillis() - 1);
    look();
    assertEquals(3, regions(name).size(), "a region younger than the minimum age is not merged");
    clock.advance(1);
    look();
    assertEquals(List.of("", "p"), startRows(name), "the first two merged, and only they");
    ageRegions(name, POLICY.mergeMinAgeMillis());
    look();
    assertEquals(List.of(""), startRows(name));
  }

  @Test
  void onlyTablesWithNormalizationEnabledAreMerged() throws Exception {
    TableName name = table("plain", builder -> builder, "g", "p");
    ageRegions(name, POLICY.mergeMinAgeMillis());
    look();
    assertEquals(3, regions(name).size());
  }

  @Test
  void neighboursThatServeRequestsAreNotMerged() throws Exception {
    TableName name = table("busy", builder -> builder.setNormalizationEnabled(true), "p");
    List<RegionInfo> regions = regions(name);
    sustain(Map.of(regions.get(0), 0, regions.get(1), 1), 60);
    ageRegions(name, POLICY.mergeMinAgeMillis());
    look();
    assertEquals(2, regions(name).size(), "one request a second is not cold");
    sustain(Map.of(regions.get(0), 0, regions.get(1), 0), 60);
    look();
    assertEquals(1, regions(name).size(), "cold once its last minute was quiet");
  }

  @Test
  void neighboursTooLargeTogetherAreNotMerged() throws Exception {
    TableName name = table("large", builder -> builder.setNormalizationEnabled(true), "r040");
    writeRows(name, 80, 2_048); // about 80 KB each side: under the 256 KB split size, over 128 KB together
    List<Long> bytes = sizes(name);
    assertTrue(bytes.get(0) + bytes.get(1) >= POLICY.mergeMaxBytes(), "the test's premise: " + bytes);
    assertTrue(bytes.get(0) < MAX_BYTES && bytes.get(1) < MAX_BYTES, "the test's premise: " + bytes);
    ageRegions(name, POLICY.mergeMinAgeMillis());
    look();
    assertEquals(2, regions(name).size());
  }

  @Test
  void theSplitSwitchAndSplitEnabledStopSplits() throws Exception {
    TableName unsplittable = table("unsplittable", builder -> builder.setSplitEnabled(false));
    TableName splittable = table("splittable", builder -> builder);
    writeRows(unsplittable, 200, 4_096);
    writeRows(splittable, 200, 4_096);
    switches.set(Switch.SPLIT, false);
    look();
    assertEquals(1, regions(splittable).size(), "the split switch is off");
    switches.set(Switch.SPLIT, true);
    look();
    assertEquals(2, regions(splittable).size());
    assertEquals(1, regions(unsplittable).size(), "SPLIT_ENABLED is false");
  }

  @Test
  void theMergeAndNormalizerSwitchesAndMergeEnabledStopMerges() throws Exception {
    TableName unmergeable = table("unmergeable", builder -> builder.setNormalizationEnabled(true)
        .setMergeEnabled(false), "p");
    TableName mergeable = table("mergeable", builder -> builder.setNormalizationEnabled(true), "p");
    ageRegions(mergeable, POLICY.mergeMinAgeMillis());
    switches.set(Switch.MERGE, false);
    look();
    assertEquals(2, regions(mergeable).size(), "the merge switch is off");
    switches.set(Switch.MERGE, true);
    switches.set(Switch.NORMALIZER, false);
    look();
    assertEquals(2, regions(mergeable).size(), "the normalizer switch is off");
    switches.set(Switch.NORMALIZER, true);
    look();
    assertEquals(1, regions(mergeable).size());
    assertEquals(2, regions(unmergeable).size(), "MERGE_ENABLED is false");
  }

  @Test
  void aTableThatSplitsDoesNotAlsoMergeInTheSameLook() throws Exception {
    TableName name = table("both", builder -> builder.setNormalizationEnabled(true), "a", "b", "c");
    writeRows(name, 200, 4_096); // all in the last region, from "c" on; the first three are empty neighbours
    ageRegions(name, POLICY.mergeMinAgeMillis());
    look();
    assertEquals(List.of("", "a", "b", "c", "r100"), startRows(name), "the split, and no merge");
    look();
    assertEquals(List.of("", "a", "b", "c", "r050", "r100"), startRows(name),
        "the halves are still over the limit: splitting comes first again");
  }

  @Test
  void aDisabledTableIsLeftAlone() throws Exception {
    TableName name = table("disabled", builder -> builder);
    writeRows(name, 200, 4_096);
    ddl.disable(name);
    look();
    assertEquals(1, regions(name).size());
  }

  @Test
  void aMasterThatDoesNotSeeEveryRequestSplitsBySizeOnly() throws Exception {
    TableName hot = table("hot-elsewhere", builder -> builder);
    RegionInfo region = regions(hot).get(0);
    touch(region, "k");
    sustain(Map.of(region, 5_000), 60);
    TableName cold = table("cold-elsewhere", builder -> builder.setNormalizationEnabled(true), "g", "p");
    ageRegions(cold, POLICY.mergeMinAgeMillis());
    TableName big = table("big-elsewhere", builder -> builder);
    writeRows(big, 200, 4_096);
    look(true, false);
    assertEquals(1, regions(hot).size(), "its rates are not the tablets' own: no load split");
    assertEquals(3, regions(cold).size(), "nor a merge of tablets that may be busy on their leaders");
    assertEquals(List.of("", "r100"), startRows(big), "a size is the tablet's own on every node");
  }

  @Test
  void aMasterThatIsNotActiveLeavesTabletsAlone() throws Exception {
    TableName big = table("big-backup", builder -> builder);
    writeRows(big, 200, 4_096);
    look(false, true);
    assertEquals(1, regions(big).size());
  }

  /** One look, as the automatic splits' schedule would make it on a single node. */
  private void look() {
    look(true, true);
  }

  private void look(boolean activeMaster, boolean seesEveryRequest) {
    try (AutomaticSplitsAndMerges automatic = new AutomaticSplitsAndMerges(ddl.tables(),
        new RegionSplitsAndMerges(ddl, store, statistics), statistics, switches, POLICY, clock, () -> activeMaster,
        seesEveryRequest)) {
      automatic.check();
    }
  }

  private TableName table(String table, UnaryOperator<TableDescriptorBuilder> settings, String... splits)
      throws Exception {
    TableName name = TableName.valueOf(table);
    List<byte[]> splitRows = new ArrayList<>();
    for (String split : splits) {
      splitRows.add(toBytes(split));
    }
    ddl.create(settings.apply(TableDescriptorBuilder.newBuilder(name)
        .setColumnFamily(ColumnFamilyDescriptorBuilder.of(F))).build(), splitRows);
    return name;
  }

  /** Rows {@code r000} on, each one value of random (incompressible) bytes, flushed so that their size is on disk. */
  private void writeRows(TableName name, int rows, int valueBytes) throws Exception {
    HBaseTable table = ddl.require(name);
    Random random = new Random(rows);
    for (int i = 0; i < rows; i++) {
      byte[] value = new byte[valueBytes];
      random.nextBytes(value);
      table.storage().write(RowMutation.forRow(toBytes(String.format("r%03d", i)))
          .add(F, F, 1, KeyValue.Type.Put.getCode(), value).build(), Durability.SKIP_LOG);
    }
    table.storage().flush();
  }

  /** Offers these rows to the region's sample until it holds as many as it can, each row as often as the others. */
  private void touch(RegionInfo region, String... rows) {
    TabletRequests requests = statistics.tablet(region.getEncodedName());
    for (long offered = 0; requests.sampledRows().keptCount() < 256; offered++) {
      requests.touched(toBytes(rows[(int) (offered % rows.length)]));
    }
  }

  /** Each second for {@code seconds} seconds, the given regions serve this many requests; then the sample is taken. */
  private void sustain(Map<RegionInfo, Integer> perSecond, int seconds) {
    for (int second = 0; second < seconds; second++) {
      perSecond.forEach((region, requests) -> statistics.tablet(region.getEncodedName()).countReads(requests, 0));
      clock.advance(1_000);
      StatisticsSampler.sample(statistics);
    }
  }

  /** Moves the clock to {@code ageMillis} after the newest region of the table was made. */
  private void ageRegions(TableName name, long ageMillis) throws Exception {
    long newest = regions(name).stream().mapToLong(RegionInfo::getRegionId).max().orElseThrow();
    clock.advance(Math.max(0, newest + ageMillis - clock.millis()));
  }

  private List<RegionInfo> regions(TableName name) throws Exception {
    return ddl.require(name).regions();
  }

  private List<String> startRows(TableName name) throws Exception {
    return regions(name).stream().map(region -> Bytes.toString(region.getStartKey())).toList();
  }

  private List<Long> sizes(TableName name) throws Exception {
    HBaseTable table = ddl.require(name);
    return table.storage().approximateSizes(table.definition().tablets()).stream()
        .map(size -> size.fileBytes() + size.memtableBytes()).toList();
  }
}
