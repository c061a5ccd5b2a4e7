package io.basalt.benchmarks.bulkload;

import java.io.IOException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;

/**
 * The table each load goes into: family {@code f} with the default descriptor (no compression, row bloom filter,
 * 64 KiB blocks, on either server), pre-split at {@link BenchmarkRows#splitKeys}, so that each HFile falls in one
 * region, as files written for a table by {@code HFileOutputFormat2} do.
 */
final class PresplitTable {
  private PresplitTable() {}

  /** Creates the table anew (dropping one left by an interrupted run) and returns once its regions are open. */
  static void create(Connection connection, TableName name, BenchmarkRows data) throws IOException {
    try (Admin admin = connection.getAdmin()) {
      drop(admin, name);
      admin.createTable(TableDescriptorBuilder.newBuilder(name)
          .setColumnFamily(ColumnFamilyDescriptorBuilder.of(BenchmarkRows.FAMILY)).build(), data.splitKeys());
    }
    System.out.printf("[bulkload] created table=%s regions=%d%n", name.getNameAsString(), data.regions());
  }

  /** Disables and deletes the table if it exists. */
  static void drop(Admin admin, TableName name) throws IOException {
    if (!admin.tableExists(name)) {
      return;
    }
    if (admin.isTableEnabled(name)) {
      admin.disableTable(name);
    }
    admin.deleteTable(name);
  }
}
