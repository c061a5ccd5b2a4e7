package io.basalt.hbase.meta;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.hbase.cluster.RegionLocations;
import io.basalt.hbase.cluster.ServerIdentity;
import io.basalt.hbase.compaction.MemstoreFlush;
import io.basalt.hbase.master.Namespaces;
import io.basalt.hbase.master.TableDdl;
import io.basalt.hbase.read.RegionScanner;
import io.basalt.hbase.read.ScanLimits;
import io.basalt.hbase.schema.TableDirectory;
import io.basalt.storage.StoreOptions;
import io.basalt.storage.TabletStore;
import io.basalt.storage.data.Waiting;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.client.TableState;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** hbase:meta as clients read it: region lookups by reversed scan, table state, whole-table scans. */
class MetaRegionTest {
  private static final ServerIdentity SERVER =
      new ServerIdentity(ServerName.valueOf("basalt.example", 16020, 1234L), "cluster-1", 16010);

  @TempDir
  Path dir;

  private TabletStore store;
  private TableDdl catalog;
  private MetaRegion meta;

  @BeforeEach
  void setUp() throws IOException {
    store = TabletStore.open(dir, StoreOptions.defaults());
    catalog = new TableDdl(store, new TableDirectory(), new Namespaces(store), new MemstoreFlush(Clock.systemUTC()));
    meta = new MetaRegion(catalog.tables(), RegionLocations.singleNode(SERVER), Clock.systemUTC());
  }

  @AfterEach
  void tearDown() {
    store.close();
  }

  @Test
  void reversedLookupFindsTheRegionHoldingTheRow() throws IOException {
    create("t", "a", "m");
    create("t1");
    create("s");
    assertRegionStart("t", "", "");
    assertRegionStart("t", "0", "");
    assertRegionStart("t", "a", "a");
    // 0x01 sorts below ',' (0x2C): with plain byte order this lookup would land in the wrong region.
    assertRegionStart("t", "a\u0001", "a");
    assertRegionStart("t", "l", "a");
    assertRegionStart("t", "m", "m");
    assertRegionStart("t", "zzz", "m");
    assertRegionStart("t1", "zzz", "");
    assertRegionStart("s", "a", "");
  }

  @Test
  void lookupInAMissingTableFindsNothingOfItsOwn() throws IOException {
    create("t", "m");
    // The lookup's range ("u,," up to "u,x,99999999999999") holds no row, so the client reports the table missing.
    assertTrue(locate("u", "x").isEmpty());
  }

  @Test
  void locationColumnsNameThisServer() throws IOException {
    create("t");
    Result row = locate("t", "x");
    assertArrayEquals(toBytes("basalt.example:16020"), row.getValue(HConstants.CATALOG_FAMILY,
        HConstants.SERVER_QUALIFIER));
    assertEquals(1234L, Bytes.toLong(row.getValue(HConstants.CATALOG_FAMILY, HConstants.STARTCODE_QUALIFIER)));
  }

  @Test
  void tableStateRowsFollowTheCatalog() throws Exception {
    create("t");
    assertEquals(TableState.State.ENABLED, state("t"));
    catalog.disable(TableName.valueOf("t"));
    assertEquals(TableState.State.DISABLED, state("t"));
    catalog.delete(TableName.valueOf("t"));
    assertTrue(meta.get(stateGet("t"), Waiting.ALLOWED).isEmpty());
  }

  @Test
  void forwardScanOfOneTableListsItsRegionsInOrder() throws IOException {
    create("t", "b", "c");
    create("t0", "x");
    // How Admin.getRegions scans: from "t,," to "t ,," (space sorts after ',').
    Scan scan = new Scan().addFamily(HConstants.CATALOG_FAMILY).withStartRow(toBytes("t,,"))
        .withStopRow(toBytes("t ,,"));
    List<String> starts = new ArrayList<>();
    try (RegionScanner scanner = meta.openScanner(scan, Waiting.ALLOWED)) {
      for (Result row : scanner.next(new ScanLimits(100, 100, Long.MAX_VALUE, false, 0), Waiting.ALLOWED).results()) {
        starts.add(Bytes.toString(regionOf(row).getStartKey()));
      }
    }
    assertEquals(List.of("", "b", "c"), starts);
  }

  @Test
  void metaIsReadOnly() {
    assertThrows(DoNotRetryIOException.class,
        () -> meta.mutate(new Put(toBytes("x")).addColumn(toBytes("info"), toBytes("q"), toBytes("v")), 0, 0,
            Waiting.ALLOWED));
  }

  private void assertRegionStart(String table, String row, String expectedStart) throws IOException {
    Result result = locate(table, row);
    assertFalse(result.isEmpty(), "no region found for " + table + "/" + row);
    RegionInfo region = regionOf(result);
    assertEquals(TableName.valueOf(table), region.getTable());
    assertEquals(expectedStart, Bytes.toString(region.getStartKey()), "region holding " + row);
    assertTrue(region.containsRow(toBytes(row)));
  }

  /** The scan a 2.x blocking client sends to find the region of {@code row}. */
  private Result locate(String table, String row) throws IOException {
    TableName name = TableName.valueOf(table);
    Scan scan = new Scan()
        .withStartRow(RegionInfo.createRegionName(name, toBytes(row), HConstants.NINES, false))
        .withStopRow(RegionInfo.createRegionName(name, HConstants.EMPTY_START_ROW, "", false), true)
        .addFamily(HConstants.CATALOG_FAMILY)
        .setReversed(true)
        .setCaching(1);
    try (RegionScanner scanner = meta.openScanner(scan, Waiting.ALLOWED)) {
      List<Result> results = scanner.next(ScanLimits.oneRow(), Waiting.ALLOWED).results();
      return results.isEmpty() ? Result.EMPTY_RESULT : results.get(0);
    }
  }

  private static RegionInfo regionOf(Result row) {
    RegionInfo region = RegionInfo.parseFromOrNull(row.getValue(HConstants.CATALOG_FAMILY,
        HConstants.REGIONINFO_QUALIFIER));
    assertNotNull(region);
    return region;
  }

  private TableState.State state(String table) throws Exception {
    byte[] value = meta.get(stateGet(table), Waiting.ALLOWED)
        .getValue(HConstants.TABLE_FAMILY, HConstants.TABLE_STATE_QUALIFIER);
    return TableState.parseFrom(TableName.valueOf(table), value).getState();
  }

  private static Get stateGet(String table) {
    return new Get(TableName.valueOf(table).getName()).addColumn(HConstants.TABLE_FAMILY,
        HConstants.TABLE_STATE_QUALIFIER);
  }

  private void create(String table, String... splits) throws IOException {
    List<byte[]> keys = new ArrayList<>();
    for (String split : splits) {
      keys.add(toBytes(split));
    }
    catalog.create(TableDescriptorBuilder.newBuilder(TableName.valueOf(table))
        .setColumnFamily(ColumnFamilyDescriptorBuilder.of("f")).build(), keys);
  }
}
