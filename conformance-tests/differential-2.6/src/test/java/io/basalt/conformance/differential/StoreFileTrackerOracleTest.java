package io.basalt.conformance.differential;

import static io.basalt.conformance.differential.SchemaSteps.F;
import static io.basalt.conformance.differential.SchemaSteps.TRACKER;
import static io.basalt.conformance.differential.SchemaSteps.create;
import static io.basalt.conformance.differential.SchemaSteps.family;
import static io.basalt.conformance.differential.SchemaSteps.settings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.RetriesExhaustedException;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledIfSystemProperty;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Store file trackers as HBase 2.6.4 records them, compared with it through the stock 2.6 client: the tracker every
 * new table's descriptor names, the rules for changing one (only through MIGRATION), {@code change_sft} and
 * {@code change_sft_all}, and what clones and restores keep. Basalt has no store files; it keeps the settings and
 * applies HBase's rules to them.
 */
@DisabledIfSystemProperty(named = "basalt.conformance.cluster", matches = ".+",
    disabledReason = NotInClusterYet.DESCRIPTORS_ONLY)
class StoreFileTrackerOracleTest {
  @RegisterExtension
  static final BasaltAndHBase SERVERS = BasaltAndHBase.shared();

  @Test
  void newTablesNameTheirStoreFileTracker() {
    assertTrue(SERVERS.same((connection, admin, table) -> {
      create(admin, table, family());
      return admin.getDescriptor(table).toString();
    }).contains("METADATA => {'" + TRACKER + "' => 'DEFAULT'}"));
    for (String tracker : new String[] {"FILE", "file", "DEFAULT", "",
        "org.apache.hadoop.hbase.regionserver.storefiletracker.FileBasedStoreFileTracker", "MIGRATION", "bogus"}) {
      SERVERS.same((connection, admin, table) -> {
        admin.createTable(TableDescriptorBuilder.newBuilder(table).setColumnFamily(family().build())
            .setValue(TRACKER, tracker).build());
        return settings(admin.getDescriptor(table));
      });
    }
    SERVERS.same((connection, admin, table) -> {
      admin.createTable(TableDescriptorBuilder.newBuilder(table)
          .setColumnFamily(family().setConfiguration(TRACKER, "FILE").build())
          .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(Bytes.toBytes("g")).setValue(TRACKER, "FILE")
              .build())
          .build());
      return settings(admin.getDescriptor(table));
    });
  }

  @Test
  void trackersChangeOnlyThroughMigration() {
    for (String tracker : new String[] {"FILE", "default", "bogus"}) {
      SERVERS.same((connection, admin, table) -> {
        create(admin, table, family());
        admin.modifyTable(TableDescriptorBuilder.newBuilder(admin.getDescriptor(table)).setValue(TRACKER, tracker)
            .build());
        return settings(admin.getDescriptor(table));
      });
    }
    SERVERS.same((connection, admin, table) -> {
      create(admin, table, family());
      admin.addColumnFamily(table, ColumnFamilyDescriptorBuilder.newBuilder(Bytes.toBytes("g"))
          .setConfiguration(TRACKER, "MIGRATION").build());
      return settings(admin.getDescriptor(table));
    });
    assertEquals("table[IS_META=false] f{}", SERVERS.same((connection, admin, table) -> {
      create(admin, table, family());
      admin.modifyTable(TableDescriptorBuilder.newBuilder(table).setColumnFamily(family().build()).build());
      return settings(admin.getDescriptor(table));
    }));
  }

  @Test
  void changeSftRecordsTheTrackerAsHBaseDoes() {
    assertEquals("table[IS_META=false, " + TRACKER + "=DEFAULT] f{" + TRACKER + "=FILE} | table[IS_META=false, "
        + TRACKER + "=FILE] f{" + TRACKER + "=FILE}", SERVERS.same((connection, admin, table) -> {
          create(admin, table, family());
          admin.modifyColumnFamilyStoreFileTracker(table, F, "FILE");
          String family = settings(admin.getDescriptor(table));
          admin.modifyTableStoreFileTracker(table, "FILE");
          return family + " | " + settings(admin.getDescriptor(table));
        }));
    // HBase 2.6 migrates from its server's default tracker, so it cannot leave FILE again.
    SERVERS.same((connection, admin, table) -> {
      create(admin, table, family());
      admin.modifyTableStoreFileTracker(table, "FILE");
      admin.modifyTableStoreFileTracker(table, "file");
      String file = settings(admin.getDescriptor(table));
      admin.modifyTableStoreFileTracker(table, "DEFAULT");
      return file + " | " + settings(admin.getDescriptor(table));
    });
    SERVERS.same((connection, admin, table) -> {
      create(admin, table, family());
      admin.modifyTableStoreFileTracker(table,
          "org.apache.hadoop.hbase.regionserver.storefiletracker.FileBasedStoreFileTracker");
      return settings(admin.getDescriptor(table));
    });
  }

  @Test
  void changeSftRefusesWhatHBaseRefuses() {
    SERVERS.same((connection, admin, table) -> {
      create(admin, table, family());
      admin.modifyTableStoreFileTracker(table, "MIGRATION");
      return "changed";
    });
    SERVERS.same((connection, admin, table) -> {
      create(admin, table, family());
      admin.disableTable(table);
      admin.modifyTableStoreFileTracker(table, "FILE");
      return "changed";
    });
    SERVERS.same((connection, admin, table) -> {
      admin.modifyTableStoreFileTracker(table, "FILE");
      return "changed";
    });
    SERVERS.same((connection, admin, table) -> {
      create(admin, table, family());
      admin.modifyColumnFamilyStoreFileTracker(table, Bytes.toBytes("nope"), "FILE");
      return "changed";
    });
  }

  /**
   * A tracker name HBase cannot resolve fails its master's call with an unchecked exception, which its client
   * retries until it gives up; Basalt refuses it at once.
   */
  @Test
  void anUnknownTrackerIsRefusedAtOnce() throws IOException {
    for (Connection connection : new Connection[] {SERVERS.hbase(), SERVERS.basalt()}) {
      TableName table = SERVERS.newTable("schema");
      try (Admin admin = connection.getAdmin()) {
        create(admin, table, family());
        IOException refused = assertThrows(IOException.class, () -> admin.modifyTableStoreFileTracker(table, "bogus"));
        assertTrue(BasaltAndHBase.failure(refused).contains("ClassNotFoundException: bogus"),
            BasaltAndHBase.failure(refused));
        Class<? extends IOException> expected = connection == SERVERS.hbase()
            ? RetriesExhaustedException.class : DoNotRetryIOException.class;
        assertInstanceOf(expected, refused);
      }
    }
  }

  @Test
  void clonesAndRestoresKeepOrSetTheTracker() {
    for (String tracker : new String[] {"", "FILE", "bogus"}) {
      SERVERS.same((connection, admin, table) -> {
        create(admin, table, family());
        String snapshot = "trackers_" + table.getQualifierAsString();
        admin.snapshot(snapshot, table);
        TableName clone = TableName.valueOf(table.getNameAsString() + "_clone");
        admin.cloneSnapshot(snapshot, clone, false, tracker);
        return settings(admin.getDescriptor(clone));
      });
    }
    SERVERS.same((connection, admin, table) -> {
      create(admin, table, family());
      String snapshot = "restore_" + table.getQualifierAsString();
      admin.snapshot(snapshot, table);
      admin.modifyTableStoreFileTracker(table, "FILE");
      admin.disableTable(table);
      admin.restoreSnapshot(snapshot);
      return settings(admin.getDescriptor(table));
    });
  }
}
