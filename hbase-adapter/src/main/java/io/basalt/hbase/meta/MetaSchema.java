package io.basalt.hbase.meta;

import io.basalt.hbase.read.FamilySchema;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.RegionInfoBuilder;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.regionserver.BloomType;

/** The schema and the single region of hbase:meta, as an HBase 2.x cluster reports them. */
public final class MetaSchema {
  public static final RegionInfo REGION = RegionInfoBuilder.FIRST_META_REGIONINFO;

  private MetaSchema() {}

  /** The family settings of hbase:meta, as reads use them. */
  public static FamilySchema families() {
    return Schema.FAMILIES;
  }

  public static TableDescriptor descriptor() {
    return Schema.DESCRIPTOR;
  }

  /**
   * Built on first use, not with {@link #REGION}: a table descriptor needs HBase's column family classes, whose
   * initialization is the slowest part of a cold start (the server's preload thread does it meanwhile), and the
   * region is wanted before any descriptor is.
   */
  private static final class Schema {
    static final TableDescriptor DESCRIPTOR = TableDescriptorBuilder.newBuilder(TableName.META_TABLE_NAME)
        .setColumnFamily(catalogFamily(HConstants.CATALOG_FAMILY, 3))
        .setColumnFamily(catalogFamily(HConstants.TABLE_FAMILY, 3))
        .setColumnFamily(catalogFamily(HConstants.REPLICATION_BARRIER_FAMILY, HConstants.ALL_VERSIONS))
        .build();
    static final FamilySchema FAMILIES = FamilySchema.of(DESCRIPTOR);
  }

  private static ColumnFamilyDescriptor catalogFamily(byte[] name, int versions) {
    return ColumnFamilyDescriptorBuilder.newBuilder(name)
        .setMaxVersions(versions)
        .setInMemory(true)
        .setBlocksize(8 * 1024)
        .setBloomFilterType(BloomType.ROWCOL)
        .build();
  }
}
