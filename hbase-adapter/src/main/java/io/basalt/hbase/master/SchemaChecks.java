package io.basalt.hbase.master;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The checks HBase's master applies to a table's descriptor and split keys before it creates or changes the table,
 * with its wording.
 */
final class SchemaChecks {
  private SchemaChecks() {}

  /** Refuses a descriptor HBase's master would refuse to create or change a table with. */
  static void check(TableDescriptor descriptor) throws DoNotRetryIOException {
    Coprocessors.refuseAny(descriptor);
    if (descriptor.getColumnFamilyCount() == 0) {
      throw new DoNotRetryIOException("Table should have at least one column family.");
    }
    for (ColumnFamilyDescriptor family : descriptor.getColumnFamilies()) {
      String familyName = family.getNameAsString();
      try {
        ColumnFamilyDescriptorBuilder.isLegalColumnFamilyName(family.getName());
      } catch (IllegalArgumentException e) {
        throw new DoNotRetryIOException(e.getMessage());
      }
      if (family.getTimeToLive() <= 0) {
        throw new DoNotRetryIOException("TTL for column family " + familyName + " must be positive.");
      }
      if (family.getMaxVersions() <= 0) {
        throw new DoNotRetryIOException("VERSIONS for column family " + familyName + " must be positive.");
      }
      if (family.getMinVersions() < 0 || family.getMinVersions() > family.getMaxVersions()) {
        throw new DoNotRetryIOException("MIN_VERSIONS for column family " + familyName
            + " must be between 0 and VERSIONS (" + family.getMaxVersions() + ").");
      }
    }
  }

  /** The split keys of a table to create, sorted; empty and repeated keys are refused as HBase refuses them. */
  static List<byte[]> splitKeys(TableName name, List<byte[]> splitKeys)
      throws DoNotRetryIOException {
    List<byte[]> sorted = new ArrayList<>(splitKeys);
    sorted.sort(Bytes.BYTES_COMPARATOR);
    for (int i = 0; i < sorted.size(); i++) {
      if (sorted.get(i).length == 0) {
        throw new DoNotRetryIOException("Empty split key must not be passed in the split keys of " + name);
      }
      if (i > 0 && Arrays.equals(sorted.get(i - 1), sorted.get(i))) {
        throw new DoNotRetryIOException("Split keys of " + name + " contain the key "
            + Bytes.toStringBinary(sorted.get(i)) + " twice");
      }
    }
    return sorted;
  }
}
