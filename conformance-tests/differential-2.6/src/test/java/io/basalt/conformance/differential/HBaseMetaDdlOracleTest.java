package io.basalt.conformance.differential;

import static io.basalt.conformance.differential.SchemaSteps.create;
import static io.basalt.conformance.differential.SchemaSteps.family;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * DDL aimed at hbase:meta, compared with real HBase 2.6.4 through the stock 2.6 client: disabling, enabling,
 * deleting or truncating it and removing its families are refused with HBase's exception classes and messages.
 */
class HBaseMetaDdlOracleTest {
  @RegisterExtension
  static final BasaltAndHBase SERVERS = BasaltAndHBase.shared();

  @Test
  void hbaseMetaCannotBeDisabledEnabledDeletedOrTruncated() {
    TableName meta = TableName.META_TABLE_NAME;
    assertTrue(SERVERS.same((connection, admin, table) -> {
      admin.disableTable(meta);
      return "disabled";
    }).contains("ConstraintException: Cannot disable hbase:meta"));
    assertEquals("threw org.apache.hadoop.hbase.TableNotDisabledException: tableName=hbase:meta, state=ENABLED",
        SERVERS.same((connection, admin, table) -> {
          admin.enableTable(meta);
          return "enabled";
        }));
    assertEquals("threw java.io.IOException: Can't modify catalog tables", SERVERS.same((connection, admin, table) -> {
      admin.deleteTable(meta);
      return "deleted";
    }));
    for (boolean preserveSplits : new boolean[] {false, true}) {
      assertTrue(SERVERS.same((connection, admin, table) -> {
        admin.truncateTable(meta, preserveSplits);
        return "truncated";
      }).contains("TableNotDisabledException: hbase:meta"));
    }
  }

  @Test
  void hbaseMetaKeepsItsFamiliesAndDescriptor() {
    TableName meta = TableName.META_TABLE_NAME;
    assertEquals("threw org.apache.hadoop.hbase.HBaseIOException: Delete of hbase:meta column family table",
        SERVERS.same((connection, admin, table) -> {
          admin.deleteColumnFamily(meta, HConstants.TABLE_FAMILY);
          return "deleted";
        }));
    SERVERS.same((connection, admin, table) -> admin.getDescriptor(meta).toString());
    SERVERS.same((connection, admin, table) -> {
      create(admin, meta, family());
      return "created";
    });
  }

  /**
   * HBase alters hbase:meta's schema when asked, keeping its three families; Basalt builds hbase:meta from its
   * catalog, has no schema of it to alter, and refuses.
   */
  @Test
  void basaltRefusesToAlterHBaseMeta() throws IOException {
    TableName meta = TableName.META_TABLE_NAME;
    try (Admin admin = SERVERS.basalt().getAdmin()) {
      TableDescriptor current = admin.getDescriptor(meta);
      assertThrows(DoNotRetryIOException.class,
          () -> admin.modifyTable(TableDescriptorBuilder.newBuilder(current).setValue("k", "v").build()));
      assertThrows(DoNotRetryIOException.class, () -> admin.addColumnFamily(meta, family().build()));
      assertThrows(DoNotRetryIOException.class, () -> admin.modifyTableStoreFileTracker(meta, "FILE"));
      assertEquals(current, admin.getDescriptor(meta));
    }
  }
}
