package io.basalt.benchmarks.load.table;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.BufferedMutator;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The table a load runs on: {@code rows} rows named {@code row0000000000} on, one family {@code f} whose column
 * {@code q} holds a value every call can recompute from the row's number (so a checked run knows each answer, and
 * writes put back the same value, leaving the table as loaded), split into {@code regions} regions of equal row
 * counts. Increments use a column of their own, {@code n}, which reads never ask for.
 */
public final class LoadTable {
  public static final byte[] FAMILY = Bytes.toBytes("f");
  public static final byte[] QUALIFIER = Bytes.toBytes("q");
  public static final byte[] COUNTER = Bytes.toBytes("n");
  public static final int VALUE_BYTES = 100;

  private final TableName name;
  private final int rows;
  private final int regions;

  public LoadTable(TableName name, int rows, int regions) {
    if (rows < regions * 200) {
      throw new IllegalArgumentException("a load table needs at least 200 rows a region (scans read 100 in one)");
    }
    this.name = name;
    this.rows = rows;
    this.regions = regions;
  }

  public TableName name() {
    return name;
  }

  public int rows() {
    return rows;
  }

  public static byte[] row(int number) {
    return String.format("row%010d", number).getBytes(StandardCharsets.US_ASCII);
  }

  /** The row's value: {@value #VALUE_BYTES} bytes that differ from row to row and within the value. */
  public static byte[] value(int number) {
    byte[] value = new byte[VALUE_BYTES];
    long state = number * 0x9E3779B97F4A7C15L + 1;
    for (int i = 0; i < value.length; i++) {
      state ^= state << 13;
      state ^= state >>> 7;
      state ^= state << 17;
      value[i] = (byte) ('a' + (state & 0xF));
    }
    return value;
  }

  /** The first row number of region {@code index}. */
  private int firstRow(int index) {
    return (int) ((long) rows * index / regions);
  }

  /** Creates the table, split as described, unless it exists, and writes every row through a BufferedMutator. */
  public void createAndLoad(Connection connection) throws IOException {
    try (Admin admin = connection.getAdmin()) {
      if (!admin.tableExists(name)) {
        byte[][] splits = new byte[regions - 1][];
        for (int i = 1; i < regions; i++) {
          splits[i - 1] = row(firstRow(i));
        }
        admin.createTable(TableDescriptorBuilder.newBuilder(name)
            .setColumnFamily(ColumnFamilyDescriptorBuilder.of(FAMILY)).build(), splits);
      }
    }
    try (BufferedMutator mutator = connection.getBufferedMutator(name)) {
      for (int i = 0; i < rows; i++) {
        mutator.mutate(new Put(row(i)).addColumn(FAMILY, QUALIFIER, value(i)));
      }
    }
  }

  /** Where each region is and which rows it holds, as the table's region locator says now. */
  public List<RegionPlace> places(Connection connection) throws IOException {
    List<RegionPlace> places = new ArrayList<>();
    try (RegionLocator locator = connection.getRegionLocator(name)) {
      for (HRegionLocation location : locator.getAllRegionLocations()) {
        byte[] start = location.getRegion().getStartKey();
        byte[] end = location.getRegion().getEndKey();
        int first = start.length == 0 ? 0 : rowNumber(start);
        int afterLast = end.length == 0 ? rows : rowNumber(end);
        places.add(new RegionPlace(location.getRegion().getRegionName(), first, afterLast,
            location.getHostname(), location.getPort()));
      }
    }
    return places;
  }

  private static int rowNumber(byte[] row) {
    return Integer.parseInt(new String(row, 3, row.length - 3, StandardCharsets.US_ASCII));
  }
}
