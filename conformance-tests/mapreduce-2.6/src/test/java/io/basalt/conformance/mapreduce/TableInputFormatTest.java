package io.basalt.conformance.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.mapreduce.TableInputFormat;
import org.apache.hadoop.hbase.mapreduce.TableSplit;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * HBase 2.6.4's TableInputFormat, the input of every job here that reads a table, splits a Basalt table as it
 * splits the same table on real HBase: one split per region, with the region's start and end keys (cut to the
 * scan's rows when the job scans a range), its encoded name, the host the region is served from (what Hadoop
 * places map tasks by), and a length from the region's size. Each split also agrees with what the server's own
 * region locations say.
 */
class TableInputFormatTest {
  @RegisterExtension
  static final BasaltAndHBase SERVERS = new BasaltAndHBase();

  private static TableName table;

  @TempDir
  Path work;

  @BeforeAll
  static void writeTheSampleOnBoth() throws IOException {
    table = SERVERS.newTable("input_splits");
    for (Server server : SERVERS.both()) {
      SampleTable.createAndLoad(server, table);
    }
  }

  @Test
  void splitsATableOncePerRegionAsHBaseDoes() throws Exception {
    List<String> hbase = splits(SERVERS.hbase(), null, null);
    List<String> basalt = splits(SERVERS.basalt(), null, null);

    assertEquals(hbase, basalt, "TableInputFormat's splits on HBase (expected) and Basalt (actual)");
    assertEquals(SampleTable.SPLITS.length + 1, basalt.size(), "a split per region: " + basalt);
  }

  @Test
  void cutsTheSplitsToTheScannedRowsAsHBaseDoes() throws Exception {
    // From inside the first region to inside the second: the third region is left out, the others cut.
    String start = SampleTable.rowKey(5);
    String stop = SampleTable.rowKey(25);
    List<String> hbase = splits(SERVERS.hbase(), start, stop);
    List<String> basalt = splits(SERVERS.basalt(), start, stop);

    assertEquals(hbase, basalt, "TableInputFormat's splits of a row range on HBase (expected) and Basalt (actual)");
    assertEquals(2, basalt.size(), "the range covers two of the three regions: " + basalt);
  }

  /**
   * TableInputFormat's splits of the table on {@code server} as text (start and end keys, host, length), scanning
   * from {@code start} to {@code stop} when they are not null, after checking each split against the region the
   * server's locations give for its start key: the same encoded name and keys (within the scan), and a host that
   * is the address the region is served at.
   */
  private List<String> splits(Server server, String start, String stop) throws Exception {
    Configuration conf = server.jobConfiguration(work.resolve(server.name()));
    conf.set(TableInputFormat.INPUT_TABLE, table.getNameAsString());
    if (start != null) {
      conf.set(TableInputFormat.SCAN_ROW_START, start);
      conf.set(TableInputFormat.SCAN_ROW_STOP, stop);
    }
    TableInputFormat inputFormat = new TableInputFormat();
    inputFormat.setConf(conf);
    List<String> described = new ArrayList<>();
    try (RegionLocator locator = server.connection().getRegionLocator(table)) {
      for (InputSplit split : inputFormat.getSplits(Job.getInstance(conf))) {
        TableSplit tableSplit = (TableSplit) split;
        checkAgainstTheRegion(server, tableSplit, locator.getRegionLocation(tableSplit.getStartRow()), start, stop);
        described.add(Bytes.toStringBinary(tableSplit.getStartRow()) + " to "
            + Bytes.toStringBinary(tableSplit.getEndRow()) + " at " + tableSplit.getRegionLocation() + ", "
            + tableSplit.getLength() + " bytes");
      }
    }
    return described;
  }

  private static void checkAgainstTheRegion(Server server, TableSplit split, HRegionLocation region, String start,
      String stop) throws IOException {
    String what = "split " + split + " on " + server + " against region " + region;
    assertEquals(region.getRegion().getEncodedName(), split.getEncodedRegionName(), what);
    byte[] regionStart = region.getRegion().getStartKey();
    byte[] regionEnd = region.getRegion().getEndKey();
    byte[] expectedStart = start != null && Bytes.compareTo(Bytes.toBytes(start), regionStart) > 0
        ? Bytes.toBytes(start) : regionStart;
    byte[] expectedEnd = stop != null && (regionEnd.length == 0 || Bytes.compareTo(Bytes.toBytes(stop), regionEnd) < 0)
        ? Bytes.toBytes(stop) : regionEnd;
    assertEquals(Bytes.toStringBinary(expectedStart), Bytes.toStringBinary(split.getStartRow()), what);
    assertEquals(Bytes.toStringBinary(expectedEnd), Bytes.toStringBinary(split.getEndRow()), what);
    assertEquals(InetAddress.getByName(region.getHostname()), InetAddress.getByName(split.getRegionLocation()),
        what + ": the split's host is the region server's address");
    assertTrue(split.getLength() >= 0, what + ": a length");
  }
}
