package io.basalt.hbase.master;

import io.basalt.hbase.errors.FailedInProcedure;
import java.io.IOException;
import java.util.Locale;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.TableNotEnabledException;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.snapshot.RestoreSnapshotException;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * HBase 2.6's store file trackers, as table descriptors name them. HBase records in every table it creates which
 * tracker lists the table's store files ({@code hbase.store.file-tracker.impl}, DEFAULT unless asked otherwise) and
 * refuses descriptor changes that would switch trackers without passing through MIGRATION. Basalt has no store
 * files, so a tracker changes nothing in it; it keeps the setting and applies HBase's rules to it, so descriptors and
 * refusals are HBase's. The rules and messages were checked against HBase 2.6.4 (StoreFileTrackerOracleTest).
 */
final class StoreFileTrackers {
  static final String TRACKER_IMPL = "hbase.store.file-tracker.impl";
  static final String MIGRATION_SOURCE = "hbase.store.file-tracker.migration.src.impl";
  static final String MIGRATION_DESTINATION = "hbase.store.file-tracker.migration.dst.impl";

  /** The trackers HBase 2.6 has; a descriptor names one by this name (any case) or by its class. */
  enum Tracker {
    DEFAULT("org.apache.hadoop.hbase.regionserver.storefiletracker.DefaultStoreFileTracker"),
    FILE("org.apache.hadoop.hbase.regionserver.storefiletracker.FileBasedStoreFileTracker"),
    MIGRATION("org.apache.hadoop.hbase.regionserver.storefiletracker.MigrationStoreFileTracker");

    final String className;

    Tracker(String className) {
      this.className = className;
    }
  }

  /** A setting naming no tracker HBase has. */
  static final class UnknownTracker extends Exception {
    private static final long serialVersionUID = 1L;

    final String name;

    UnknownTracker(String name) {
      super(name);
      this.name = name;
    }

    /**
     * How HBase fails a create, modify or clone whose descriptor names it: its configuration's class lookup fails,
     * the procedure fails, and the client gets a plain IOException with the lookup's chain of messages.
     */
    FailedInProcedure inProcedure() {
      return new FailedInProcedure(new IOException("java.lang.RuntimeException: java.lang.RuntimeException: "
          + "java.lang.ClassNotFoundException: Class " + name + " not found"));
    }
  }

  private StoreFileTrackers() {}

  /** The tracker a setting names; HBase takes a tracker's name in any case, or its class name. */
  static Tracker resolve(String name) throws UnknownTracker {
    for (Tracker tracker : Tracker.values()) {
      if (tracker.name().equals(name.toUpperCase(Locale.ROOT)) || tracker.className.equals(name)) {
        return tracker;
      }
    }
    throw new UnknownTracker(name);
  }

  /**
   * A new table's descriptor as HBase's create stores it: naming the server's tracker (DEFAULT: Basalt has no other
   * setting) unless the client named one.
   */
  static TableDescriptor withTracker(TableDescriptor descriptor) {
    if (isEmpty(descriptor.getValue(TRACKER_IMPL))) {
      return TableDescriptorBuilder.newBuilder(descriptor).setValue(TRACKER_IMPL, Tracker.DEFAULT.name()).build();
    }
    return descriptor;
  }

  /**
   * One family's setting, looked up as HBase's stores merge their configuration: the family's own values first,
   * then its configuration, then the table's values; null when none of them has it.
   */
  static String setting(TableDescriptor table, ColumnFamilyDescriptor family, String key) {
    byte[] value = family.getValue(Bytes.toBytes(key));
    if (value != null && value.length > 0) {
      return Bytes.toString(value);
    }
    String configured = family.getConfigurationValue(key);
    if (!isEmpty(configured)) {
      return configured;
    }
    String tableValue = table.getValue(key);
    return isEmpty(tableValue) ? null : tableValue;
  }

  /** The tracker a family of a table uses: its setting, or the server's default. */
  static Tracker trackerOf(TableDescriptor table, ColumnFamilyDescriptor family) throws UnknownTracker {
    String name = setting(table, family, TRACKER_IMPL);
    return name == null ? Tracker.DEFAULT : resolve(name);
  }

  /**
   * A clone's descriptor with the tracker its request named, as HBase's clone sets it: on the table, with every
   * family's own setting removed. HBase fails the clone's procedure if it knows no such tracker.
   */
  static TableDescriptor forClone(TableDescriptor descriptor, String tracker) throws IOException {
    if (tracker == null || tracker.isEmpty()) {
      return descriptor;
    }
    try {
      resolve(tracker);
    } catch (UnknownTracker e) {
      throw e.inProcedure();
    }
    TableDescriptorBuilder table = TableDescriptorBuilder.newBuilder(descriptor)
        .setValue(TRACKER_IMPL, tracker);
    for (ColumnFamilyDescriptor family : descriptor.getColumnFamilies()) {
      table.modifyColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(family)
          .setConfiguration(TRACKER_IMPL, null)
          .setValue(TRACKER_IMPL, null)
          .build());
    }
    return table.build();
  }

  /** HBase refuses to restore a snapshot whose families' trackers differ from those of the table restored into. */
  static void checkRestore(TableDescriptor current, TableDescriptor snapshot) throws IOException {
    for (ColumnFamilyDescriptor family : current.getColumnFamilies()) {
      ColumnFamilyDescriptor inSnapshot = snapshot.getColumnFamily(family.getName());
      if (inSnapshot == null) {
        continue; // the restore drops it, whatever its tracker
      }
      try {
        Tracker now = trackerOf(current, family);
        Tracker then = trackerOf(snapshot, inSnapshot);
        if (now != then) {
          throw new RestoreSnapshotException("Restoring Snapshot is not possible because  the config for column "
              + "family " + family.getNameAsString() + " has incompatible configuration. Current SFT: class "
              + now.className + " SFT from snapshot: class " + then.className);
        }
      } catch (UnknownTracker e) {
        throw e.inProcedure();
      }
    }
  }

  /** A new table may not start migrating: HBase's create refuses MIGRATION for any family. */
  static void checkCreate(TableDescriptor table) throws IOException {
    for (ColumnFamilyDescriptor family : table.getColumnFamilies()) {
      checkNewFamily(table, family);
    }
  }

  /**
   * HBase's rules for a descriptor change: a new family may not start migrating; a family's tracker changes only
   * to MIGRATION from the tracker it migrates from, and from MIGRATION only to the tracker it migrates to (never
   * while the table is disabled); a migration's ends stay as they were.
   */
  static void checkModify(TableDescriptor before, TableDescriptor after, boolean disabled) throws IOException {
    try {
      for (ColumnFamilyDescriptor family : after.getColumnFamilies()) {
        ColumnFamilyDescriptor old = before.getColumnFamily(family.getName());
        if (old == null) {
          checkNewFamily(after, family);
        } else {
          checkChanged(before, old, after, family, disabled);
        }
      }
    } catch (UnknownTracker e) {
      throw e.inProcedure();
    }
  }

  private static void checkNewFamily(TableDescriptor table, ColumnFamilyDescriptor family) throws IOException {
    try {
      if (trackerOf(table, family) == Tracker.MIGRATION) {
        throw new DoNotRetryIOException("Should not use " + Tracker.MIGRATION + " as store file tracker for new "
            + "family " + family.getNameAsString() + " of table " + table.getTableName());
      }
    } catch (UnknownTracker e) {
      throw e.inProcedure();
    }
  }

  private static void checkChanged(TableDescriptor before, ColumnFamilyDescriptor old, TableDescriptor after,
      ColumnFamilyDescriptor family, boolean disabled) throws IOException, UnknownTracker {
    Tracker from = trackerOf(before, old);
    Tracker to = trackerOf(after, family);
    String where = " for family " + family.getNameAsString() + " of table " + after.getTableName();
    if (from == Tracker.MIGRATION) {
      Tracker fromSource = migrationEnd(before, old, MIGRATION_SOURCE);
      Tracker fromDestination = migrationEnd(before, old, MIGRATION_DESTINATION);
      if (to == Tracker.MIGRATION) {
        Tracker toSource = migrationEnd(after, family, MIGRATION_SOURCE);
        if (toSource != fromSource) {
          throw new DoNotRetryIOException("The src tracker has been changed from " + fromSource + " to " + toSource
              + where);
        }
        Tracker toDestination = migrationEnd(after, family, MIGRATION_DESTINATION);
        if (toDestination != fromDestination) {
          throw new DoNotRetryIOException("The dst tracker has been changed from " + fromDestination + " to "
              + toDestination + where);
        }
      } else {
        if (disabled) {
          throw new TableNotEnabledException("Should not change store file tracker implementation from "
              + Tracker.MIGRATION + " while table " + after.getTableName() + " is disabled");
        }
        if (to != fromDestination) {
          throw new DoNotRetryIOException("Should migrate tracker to " + fromDestination + " but got " + to + where);
        }
      }
    } else if (from != to) {
      if (to != Tracker.MIGRATION) {
        throw new DoNotRetryIOException("Should change to " + Tracker.MIGRATION + " first when migrating from "
            + from + where);
      }
      Tracker toSource = migrationEnd(after, family, MIGRATION_SOURCE);
      if (toSource != from) {
        throw new DoNotRetryIOException("Should use src tracker " + from + " first but got " + toSource
            + " when migrating from " + from + where);
      }
      Tracker toDestination = migrationEnd(after, family, MIGRATION_DESTINATION);
      if (toSource == toDestination) {
        throw new DoNotRetryIOException("The src tracker and dst tracker are both " + toSource + where);
      }
    }
  }

  /** Where a migrating family's files come from or go to; both must be set, and neither may itself migrate. */
  private static Tracker migrationEnd(TableDescriptor table, ColumnFamilyDescriptor family, String key)
      throws IOException, UnknownTracker {
    String name = setting(table, family, key);
    if (name == null) {
      throw new DoNotRetryIOException("config " + key + " is not set");
    }
    Tracker end = resolve(name);
    if (end == Tracker.MIGRATION) {
      throw new DoNotRetryIOException("Should not specify " + key + " as " + Tracker.MIGRATION
          + " because it can not be nested");
    }
    return end;
  }

  private static boolean isEmpty(String value) {
    return value == null || value.isEmpty();
  }
}
