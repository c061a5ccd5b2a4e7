package io.basalt.hbase.service;

import io.basalt.hbase.errors.FailedInProcedure;
import io.basalt.hbase.errors.ServerSideException;
import io.basalt.hbase.meta.MetaSchema;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.HBaseIOException;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.InvalidFamilyOperationException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.TableNotDisabledException;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * What HBase 2.6's master answers table DDL aimed at hbase:meta with, operation by operation, checked against a
 * real 2.6.4 (HBaseMetaDdlOracleTest): each refusal has HBase's class and message, and reaches the client the way
 * HBase's does, from the RPC or from the procedure's result (which decides, for a plain IOException, whether the
 * client retries it). The catalog knows no hbase:meta, so without these every such call would answer
 * TableNotFoundException.
 */
final class SystemTableDdl {
  /** The families HBase refuses to remove from hbase:meta, in the order it checks them. */
  private static final List<byte[]> UNDELETABLE_META_FAMILIES = List.of(HConstants.CATALOG_FAMILY,
      HConstants.TABLE_FAMILY, HConstants.REPLICATION_BARRIER_FAMILY);

  private SystemTableDdl() {}

  static boolean isMeta(TableName name) {
    return TableName.META_TABLE_NAME.equals(name);
  }

  /** DisableTableProcedure's prepare step refuses, and the master's RPC waits for that step. */
  static void refuseDisable() throws IOException {
    throw ServerSideException.constraint("Cannot disable " + TableName.META_TABLE_NAME);
  }

  /** hbase:meta is always enabled; EnableTableProcedure fails after its RPC returned. */
  static void refuseEnable() throws IOException {
    throw new FailedInProcedure(new TableNotDisabledException("tableName=" + TableName.META_TABLE_NAME
        + ", state=ENABLED"));
  }

  /** DeleteTableProcedure's check that a table may be modified, after the RPC returned. */
  static void refuseDelete() throws IOException {
    throw new FailedInProcedure(new IOException("Can't modify catalog tables"));
  }

  /** TruncateTableProcedure's constructor, inside the RPC, finds hbase:meta enabled, as it always is. */
  static void refuseTruncate() throws IOException {
    throw new TableNotDisabledException(TableName.META_TABLE_NAME);
  }

  /**
   * HBase lets hbase:meta's descriptor be changed as long as its three families stay. Basalt refuses that too: its
   * hbase:meta is built from the catalog and has no schema of its own to change.
   */
  static void refuseModify(TableDescriptor next) throws IOException {
    for (byte[] family : UNDELETABLE_META_FAMILIES) {
      if (!next.hasColumnFamily(family)) {
        throw new FailedInProcedure(new HBaseIOException("Delete of hbase:meta column family "
            + Bytes.toString(family)));
      }
    }
    throw unchangeable();
  }

  /** A family removed from hbase:meta: HBase's existence check first, then {@link #refuseModify}. */
  static void refuseDeleteFamily(byte[] family) throws IOException {
    TableDescriptor current = MetaSchema.descriptor();
    if (!current.hasColumnFamily(family)) {
      throw new InvalidFamilyOperationException("Family '" + Bytes.toString(family) + "' does not exist, so it "
          + "cannot be deleted");
    }
    throw new FailedInProcedure(new HBaseIOException("Delete of hbase:meta column family "
        + Bytes.toString(family)));
  }

  /** Families added or changed, and store file tracker changes: HBase makes them, Basalt cannot. */
  static DoNotRetryIOException unchangeable() {
    return new DoNotRetryIOException(TableName.META_TABLE_NAME + " cannot be changed: Basalt builds it from its "
        + "catalog and keeps no schema of it to alter");
  }
}
