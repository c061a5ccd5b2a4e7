package io.basalt.conformance.differential;

import java.io.IOException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;

/** The tables the schema oracle tests create, and how they write a descriptor's settings down to compare them. */
final class SchemaSteps {
  static final byte[] F = Bytes.toBytes("f");
  static final byte[] Q = Bytes.toBytes("q");
  static final byte[] ROW = Bytes.toBytes("r");
  static final String TRACKER = "hbase.store.file-tracker.impl";

  private SchemaSteps() {}

  /** A builder for family f. */
  static ColumnFamilyDescriptorBuilder family() {
    return ColumnFamilyDescriptorBuilder.newBuilder(F);
  }

  static void create(Admin admin, TableName table, ColumnFamilyDescriptorBuilder family) throws IOException {
    admin.createTable(TableDescriptorBuilder.newBuilder(table).setColumnFamily(family.build()).build());
  }

  /** The table's values and each family's configuration and tracker value: where HBase keeps tracker settings. */
  static String settings(TableDescriptor descriptor) {
    StringBuilder text = new StringBuilder("table").append(descriptor.getValues().entrySet().stream()
        .map(e -> Bytes.toString(e.getKey().get()) + "=" + Bytes.toString(e.getValue().get())).toList());
    for (ColumnFamilyDescriptor family : descriptor.getColumnFamilies()) {
      text.append(' ').append(family.getNameAsString()).append(family.getConfiguration());
      byte[] tracker = family.getValue(Bytes.toBytes(TRACKER));
      if (tracker != null) {
        text.append(" value ").append(Bytes.toString(tracker));
      }
    }
    return text.toString();
  }
}
