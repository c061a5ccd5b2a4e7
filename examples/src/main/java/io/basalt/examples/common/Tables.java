package io.basalt.examples.common;

import java.io.IOException;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.TableDescriptor;

/** Table set-up shared by the examples. */
public final class Tables {
  private Tables() {}

  /**
   * Drops the table if it exists and creates it afresh, cut into regions at {@code splitKeys} (none: one region),
   * so that every run of an example starts from the same empty table.
   */
  public static void recreate(Admin admin, TableDescriptor descriptor, byte[]... splitKeys) throws IOException {
    if (admin.tableExists(descriptor.getTableName())) {
      if (admin.isTableEnabled(descriptor.getTableName())) {
        admin.disableTable(descriptor.getTableName());
      }
      admin.deleteTable(descriptor.getTableName());
    }
    if (splitKeys.length == 0) {
      admin.createTable(descriptor);
    } else {
      admin.createTable(descriptor, splitKeys);
    }
  }
}
