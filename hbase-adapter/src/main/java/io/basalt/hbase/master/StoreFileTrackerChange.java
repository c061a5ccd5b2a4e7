package io.basalt.hbase.master;

import io.basalt.hbase.errors.FailedInProcedure;
import io.basalt.hbase.master.StoreFileTrackers.Tracker;
import io.basalt.hbase.master.StoreFileTrackers.UnknownTracker;
import io.basalt.hbase.schema.HBaseTable;
import java.io.IOException;
import java.util.Map;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.TableNotEnabledException;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.regionserver.NoSuchColumnFamilyException;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * A change of a table's or a family's store file tracker ({@code change_sft}, {@code change_sft_all}), made as HBase
 * 2.6's master makes it: as schema changes through MIGRATION. If the target already uses the tracker, nothing
 * changes. Otherwise it first migrates (tracker MIGRATION, from the server's default tracker, to the one asked
 * for), then finishes (the tracker asked for, the migration's ends removed); a target still migrating elsewhere is
 * first returned to where that migration was going. Each step is a modify, checked by HBase's rules. A table-wide
 * change writes the table's values, a family's change the family's configuration, as HBase does.
 *
 * <p>The source of a migration is the server's default tracker even when the target uses another, as in HBase 2.6,
 * so HBase refuses (and so does Basalt) to change a target away from any tracker but DEFAULT.
 */
final class StoreFileTrackerChange {
  private final TableDdl ddl;
  private final TableName name;
  /** The family whose tracker changes, or null for the table's. */
  private final byte[] family;
  private final String destination;

  StoreFileTrackerChange(TableDdl ddl, TableName name, byte[] family, String destination) {
    this.ddl = ddl;
    this.name = name;
    this.family = family;
    this.destination = destination;
  }

  /**
   * Checks the request as HBase's RPC does, then makes the change as its procedure does, whose failures the
   * procedure reports. Callers hold the DDL lock of {@link TableDdl}.
   */
  void run() throws IOException {
    Tracker wanted = checkRequest();
    try {
      while (true) {
        HBaseTable table = ddl.require(name);
        if (!table.isEnabled()) {
          throw new TableNotEnabledException(name);
        }
        TableDescriptor current = table.descriptor();
        checkFamily(current);
        Tracker tracker = currentTracker(current, StoreFileTrackers.TRACKER_IMPL);
        if (tracker == wanted) {
          return;
        }
        if (tracker != Tracker.MIGRATION) {
          ddl.modify(with(current, Map.of(StoreFileTrackers.TRACKER_IMPL, Tracker.MIGRATION.name(),
              StoreFileTrackers.MIGRATION_SOURCE, Tracker.DEFAULT.name(),
              StoreFileTrackers.MIGRATION_DESTINATION, destination)));
          finish();
          return;
        }
        Tracker migratingTo = currentTracker(current, StoreFileTrackers.MIGRATION_DESTINATION);
        if (migratingTo == wanted) {
          finish();
          return;
        }
        ddl.modify(with(current, Map.of(StoreFileTrackers.TRACKER_IMPL, migratingTo.name())));
      }
    } catch (FailedInProcedure e) {
      throw e;
    } catch (IOException e) {
      throw new FailedInProcedure(e);
    } catch (UnknownTracker e) {
      throw e.inProcedure();
    }
  }

  /**
   * What HBase's master checks before it starts the procedure, failing the call itself: a tracker it knows, not
   * MIGRATION, and an existing enabled table. A name it cannot resolve fails HBase's call with an unchecked
   * exception its clients retry until they give up; Basalt refuses it at once.
   */
  private Tracker checkRequest() throws IOException {
    Tracker wanted;
    try {
      wanted = StoreFileTrackers.resolve(destination);
    } catch (UnknownTracker e) {
      throw new DoNotRetryIOException("java.lang.ClassNotFoundException: " + destination);
    }
    if (wanted == Tracker.MIGRATION) {
      throw new DoNotRetryIOException("Do not need to transfer to " + destination);
    }
    if (!ddl.require(name).isEnabled()) {
      throw new TableNotEnabledException(name);
    }
    return wanted;
  }

  private void finish() throws IOException {
    TableDescriptor current = ddl.require(name).descriptor();
    TableDescriptorBuilder table = TableDescriptorBuilder.newBuilder(current);
    if (family == null) {
      table.setValue(StoreFileTrackers.TRACKER_IMPL, destination)
          .removeValue(Bytes.toBytes(StoreFileTrackers.MIGRATION_SOURCE))
          .removeValue(Bytes.toBytes(StoreFileTrackers.MIGRATION_DESTINATION));
    } else {
      table.modifyColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(current.getColumnFamily(family))
          .setConfiguration(StoreFileTrackers.TRACKER_IMPL, destination)
          .removeConfiguration(StoreFileTrackers.MIGRATION_SOURCE)
          .removeConfiguration(StoreFileTrackers.MIGRATION_DESTINATION)
          .build());
    }
    ddl.modify(table.build());
  }

  private void checkFamily(TableDescriptor current) throws NoSuchColumnFamilyException {
    if (family != null && !current.hasColumnFamily(family)) {
      throw new NoSuchColumnFamilyException(Bytes.toStringBinary(family) + " does not exist for table " + name);
    }
  }

  /**
   * A setting of the target as HBase's procedure reads it: for the table, the table's values alone; for a family,
   * the family's merged settings.
   */
  private Tracker currentTracker(TableDescriptor current, String key) throws UnknownTracker {
    String setting = family == null ? current.getValue(key)
        : StoreFileTrackers.setting(current, current.getColumnFamily(family), key);
    return setting == null || setting.isEmpty() ? Tracker.DEFAULT : StoreFileTrackers.resolve(setting);
  }

  /** The descriptor with settings written where the target keeps them. */
  private TableDescriptor with(TableDescriptor current, Map<String, String> settings) {
    TableDescriptorBuilder table = TableDescriptorBuilder.newBuilder(current);
    if (family == null) {
      settings.forEach(table::setValue);
    } else {
      ColumnFamilyDescriptorBuilder changed = ColumnFamilyDescriptorBuilder.newBuilder(current.getColumnFamily(family));
      settings.forEach(changed::setConfiguration);
      ColumnFamilyDescriptor built = changed.build();
      table.modifyColumnFamily(built);
    }
    return table.build();
  }
}
