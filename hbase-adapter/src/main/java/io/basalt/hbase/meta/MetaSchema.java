package io.basalt.hbase.meta;

import io.basalt.hbase.read.FamilySchema;
import java.io.IOException;
import org.apache.hadoop.hbase.Coprocessor;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.CoprocessorDescriptorBuilder;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.RegionInfoBuilder;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.regionserver.BloomType;

/** The schema and the single region of hbase:meta, as an HBase 2.6 cluster reports them. */
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
    static final TableDescriptor DESCRIPTOR = build();
    static final FamilySchema FAMILIES = FamilySchema.of(DESCRIPTOR);
  }

  private static TableDescriptor build() {
    TableDescriptorBuilder meta = TableDescriptorBuilder.newBuilder(TableName.META_TABLE_NAME)
        .setColumnFamily(catalogFamily(HConstants.CATALOG_FAMILY, 3, 8 * 1024))
        .setColumnFamily(catalogFamily(HConstants.TABLE_FAMILY, 3, 8 * 1024))
        .setColumnFamily(catalogFamily(HConstants.REPLICATION_BARRIER_FAMILY, HConstants.ALL_VERSIONS,
            HConstants.DEFAULT_BLOCKSIZE))
        // What HBase 2.6.4's master puts in hbase:meta's descriptor besides its families: the store file tracker
        // every table names, and the endpoint it updates several meta rows at once with.
        .setValue(STORE_FILE_TRACKER, "DEFAULT");
    try {
      meta.setCoprocessor(CoprocessorDescriptorBuilder.newBuilder(MULTI_ROW_MUTATION_ENDPOINT)
          .setPriority(Coprocessor.PRIORITY_SYSTEM).build());
    } catch (IOException e) {
      throw new IllegalStateException("hbase:meta's coprocessor was refused: " + e.getMessage(), e);
    }
    return meta.build();
  }

  private static final String MULTI_ROW_MUTATION_ENDPOINT =
      "org.apache.hadoop.hbase.coprocessor.MultiRowMutationEndpoint";
  private static final String STORE_FILE_TRACKER = "hbase.store.file-tracker.impl";

  private static ColumnFamilyDescriptor catalogFamily(byte[] name, int versions, int blockSize) {
    return ColumnFamilyDescriptorBuilder.newBuilder(name)
        .setMaxVersions(versions)
        .setInMemory(true)
        .setBlocksize(blockSize)
        .setBloomFilterType(BloomType.ROWCOL)
        .setDataBlockEncoding(DataBlockEncoding.ROW_INDEX_V1)
        .build();
  }
}
