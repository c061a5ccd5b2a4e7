package io.basalt.hbase.master;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.hbase.compaction.MemstoreFlush;
import io.basalt.hbase.schema.HBaseTable;
import io.basalt.hbase.schema.TableDirectory;
import io.basalt.storage.StoreOptions;
import io.basalt.storage.TabletStore;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.NamespaceNotFoundException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.TableNotDisabledException;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.shaded.protobuf.generated.SnapshotProtos.SnapshotDescription;
import org.apache.hadoop.hbase.snapshot.SnapshotCreationException;
import org.apache.hadoop.hbase.snapshot.SnapshotDoesNotExistException;
import org.apache.hadoop.hbase.snapshot.SnapshotExistsException;
import org.apache.hadoop.hbase.snapshot.SnapshotTTLExpiredException;
import org.apache.hadoop.hbase.snapshot.UnknownSnapshotException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** HBase's master-side snapshot rules, including requests the stock client would have refused before sending. */
class SnapshotManagerTest {
  private static final byte[] NO_NOTE = new byte[0];
  private static final Instant NOW = Instant.parse("2030-01-01T00:00:00Z");

  @TempDir
  Path dir;

  private TabletStore store;
  private TableDdl tables;
  private SnapshotManager snapshots;

  @BeforeEach
  void setUp() throws IOException {
    store = TabletStore.open(dir, StoreOptions.defaults());
    tables = new TableDdl(store, new TableDirectory(), new Namespaces(store),
        new MemstoreFlush(Clock.fixed(NOW, ZoneOffset.UTC)));
    snapshots = new SnapshotManager(store.snapshots(), tables, Clock.fixed(NOW, ZoneOffset.UTC));
    tables.create(TableDescriptorBuilder.newBuilder(TableName.valueOf("t"))
        .setColumnFamily(ColumnFamilyDescriptorBuilder.of("f")).build(), List.of());
  }

  @AfterEach
  void tearDown() {
    store.close();
  }

  private static SnapshotDescription request(String name, String table) {
    return SnapshotDescription.newBuilder().setName(name).setTable(table).build();
  }

  @Test
  void recordsWhatHBasesMasterRecords() throws IOException {
    SnapshotDescription taken = snapshots.take(request("s", "default:t"));
    assertEquals("t", taken.getTable(), "the table by its usual name");
    assertEquals(2, taken.getVersion());
    assertEquals(0, taken.getTtl());
    assertEquals(SnapshotDescription.Type.FLUSH, taken.getType());
    assertTrue(taken.getCreationTime() > 0);
    assertFalse(taken.hasOwner());
    assertEquals(List.of(taken), snapshots.list());
    assertEquals(taken, snapshots.completed(request("s", "t")));
    assertEquals(Map.of("s", 0L), snapshots.sizes(), "an empty table's snapshot holds no cells");

    tables.disable(TableName.valueOf("t"));
    assertEquals(SnapshotDescription.Type.DISABLED, snapshots.take(request("d", "t")).getType());
  }

  @Test
  void refusesBadRequestsWithHBasesExceptions() throws IOException {
    snapshots.take(request("s", "t"));
    assertThrows(SnapshotExistsException.class, () -> snapshots.take(request("s", "t")));
    assertThrows(SnapshotExistsException.class, () -> snapshots.take(request("s", "missing")));
    assertThrows(SnapshotCreationException.class, () -> snapshots.take(request("s2", "missing")));
    assertThrows(DoNotRetryIOException.class, () -> snapshots.take(request("a/b", "t")));
    assertThrows(SnapshotCreationException.class, () -> snapshots.take(request("s".repeat(300), "t")));
    assertThrows(DoNotRetryIOException.class, () -> snapshots.take(request("s3", "hbase:meta")));
    assertThrows(DoNotRetryIOException.class,
        () -> snapshots.take(SnapshotDescription.newBuilder().setName("s4").build()));
    assertThrows(UnknownSnapshotException.class, () -> snapshots.completed(request("nope", "t")));
    assertThrows(SnapshotDoesNotExistException.class, () -> snapshots.delete(request("nope", "t")));
    assertThrows(UnknownSnapshotException.class, () -> snapshots.delete(request("a:b", "t")));
    assertThrows(SnapshotDoesNotExistException.class,
        () -> snapshots.restoreOrClone(request("nope", "t"), null, NO_NOTE));
    assertThrows(NamespaceNotFoundException.class, () -> snapshots.restoreOrClone(request("s", "ns:c"), null, NO_NOTE));
    assertEquals(1, snapshots.list().size());
  }

  @Test
  void restoresOnlyDisabledTablesAndClonesEverywhereElse() throws IOException {
    snapshots.take(request("s", "t"));
    assertThrows(TableNotDisabledException.class, () -> snapshots.restoreOrClone(request("s", "t"), null, NO_NOTE));

    HBaseTable clone = snapshots.restoreOrClone(request("s", "c"), null, NO_NOTE);
    assertEquals(TableName.valueOf("c"), clone.descriptor().getTableName());
    assertTrue(clone.isEnabled());

    tables.disable(TableName.valueOf("t"));
    HBaseTable restored = snapshots.restoreOrClone(request("s", "t"), null, NO_NOTE);
    assertFalse(restored.isEnabled());
    assertEquals(tables.tables().require(TableName.valueOf("t")), restored);
  }

  @Test
  void anExpiredSnapshotCanNoLongerBeUsed() throws IOException {
    SnapshotDescription old = request("old", "t").toBuilder()
        .setCreationTime(NOW.toEpochMilli() - 120_000).setTtl(60).build();
    snapshots.take(old);
    snapshots.take(request("forever", "t").toBuilder().setCreationTime(1).build());
    assertThrows(SnapshotTTLExpiredException.class, () -> snapshots.restoreOrClone(request("old", "c"), null, NO_NOTE));
    assertTrue(snapshots.restoreOrClone(request("forever", "c"), null, NO_NOTE).isEnabled());
  }

  @Test
  void deletingExpiredSnapshotsKeepsTheOthers() throws IOException {
    long now = NOW.toEpochMilli();
    snapshots.take(request("ran_out", "t").toBuilder().setCreationTime(now - 61_000).setTtl(60).build());
    snapshots.take(request("to_the_ms", "t").toBuilder().setCreationTime(now - 60_000).setTtl(60).build());
    snapshots.take(request("fresh", "t").toBuilder().setCreationTime(now - 59_000).setTtl(60).build());
    snapshots.take(request("no_ttl", "t").toBuilder().setCreationTime(1).build());
    snapshots.take(request("endless", "t").toBuilder().setCreationTime(1).setTtl(Long.MAX_VALUE).build());

    // HBase's rule: expired once creation time plus TTL lies before now, so a snapshot expiring this very
    // millisecond stays.
    assertEquals(List.of("ran_out"), snapshots.deleteExpired());
    assertEquals(List.of("endless", "fresh", "no_ttl", "to_the_ms"),
        snapshots.list().stream().map(SnapshotDescription::getName).toList());
    assertEquals(List.of(), snapshots.deleteExpired());
  }

  @Test
  void aTtlOfMillionsOfYearsHasNotRunOut() throws IOException {
    // The largest TTL kept: creation time + TTL in milliseconds is past Long.MAX_VALUE.
    long ttl = TimeUnit.MILLISECONDS.toSeconds(Long.MAX_VALUE) - 1;
    snapshots.take(request("long", "t").toBuilder().setCreationTime(NOW.toEpochMilli() - 120_000).setTtl(ttl)
        .build());
    assertTrue(snapshots.restoreOrClone(request("long", "c"), null, NO_NOTE).isEnabled());
  }
}
