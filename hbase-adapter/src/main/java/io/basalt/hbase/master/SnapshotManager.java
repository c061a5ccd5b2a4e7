package io.basalt.hbase.master;

import io.basalt.hbase.schema.HBaseTable;
import io.basalt.storage.Snapshots;
import io.basalt.storage.errors.StorageException;
import io.basalt.storage.snapshotfiles.TableSnapshot;
import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.TableNotFoundException;
import org.apache.hadoop.hbase.shaded.protobuf.ProtobufUtil;
import org.apache.hadoop.hbase.shaded.protobuf.generated.SnapshotProtos.SnapshotDescription;
import org.apache.hadoop.hbase.snapshot.ClientSnapshotDescriptionUtils;
import org.apache.hadoop.hbase.snapshot.RestoreSnapshotException;
import org.apache.hadoop.hbase.snapshot.SnapshotCreationException;
import org.apache.hadoop.hbase.snapshot.SnapshotDoesNotExistException;
import org.apache.hadoop.hbase.snapshot.SnapshotExistsException;
import org.apache.hadoop.hbase.snapshot.SnapshotTTLExpiredException;
import org.apache.hadoop.hbase.snapshot.UnknownSnapshotException;
import org.apache.hadoop.hbase.util.Bytes;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * HBase snapshots over the store's: each keeps the SnapshotDescription HBase's master would have recorded, and
 * taking, listing, deleting, cloning and restoring follow its rules and fail with its exceptions. Snapshots are
 * taken synchronously, so one is complete as soon as it is listed.
 */
public final class SnapshotManager {
  private static final Logger LOG = LoggerFactory.getLogger(SnapshotManager.class);
  /** The snapshot property holding the HBase description. */
  private static final String DESCRIPTION = "hbase.snapshot";
  /** The snapshot layout version HBase 2 reports for the snapshots it takes. */
  private static final int LAYOUT_VERSION = 2;
  /** Snapshot TTLs are seconds; at or beyond this many a TTL cannot be a time and means none. */
  private static final long MAX_TTL_SECONDS = TimeUnit.MILLISECONDS.toSeconds(Long.MAX_VALUE);

  private final Snapshots store;
  private final TableDdl ddl;
  private final Clock clock;

  SnapshotManager(Snapshots store, TableDdl ddl, Clock clock) {
    this.store = store;
    this.ddl = ddl;
    this.clock = clock;
  }

  /**
   * Takes a snapshot of an enabled or disabled table, as HBase's master does for a snapshot request.
   *
   * @return the description kept with the snapshot
   */
  public SnapshotDescription take(SnapshotDescription request) throws IOException {
    String name = legalName(request.getName());
    if (!request.hasTable()) {
      throw new DoNotRetryIOException("Descriptor doesn't apply to a table, so we can't build it.");
    }
    TableName table = tableName(request.getTable());
    if (table.isSystemTable()) {
      throw new DoNotRetryIOException("System table snapshots are not allowed");
    }
    if (store.find(name).isPresent()) {
      throw exists(request);
    }
    try {
      TableSnapshot snapshot = ddl.snapshot(table, name, request.getType() == SnapshotDescription.Type.FLUSH,
          current -> Map.of(DESCRIPTION, described(request, table, current).toByteArray()));
      return describe(snapshot);
    } catch (io.basalt.storage.errors.SnapshotExistsException e) {
      throw exists(request);
    } catch (TableNotFoundException e) {
      throw new SnapshotCreationException("Table '" + request.getTable() + "' doesn't exist, can't take snapshot.",
          ProtobufUtil.createSnapshotDesc(request));
    } catch (StorageException | IllegalArgumentException e) {
      // The store refuses a name too long for a file name, as HBase's file system would.
      throw new SnapshotCreationException("Snapshot '" + name + "' of table " + table + " failed: " + e.getMessage(),
          e, ProtobufUtil.createSnapshotDesc(request));
    }
  }

  /** Every snapshot, sorted by name. */
  public List<SnapshotDescription> list() throws IOException {
    List<SnapshotDescription> all = new ArrayList<>();
    for (TableSnapshot snapshot : store.list()) {
      all.add(describe(snapshot));
    }
    return all;
  }

  /** The bytes of cell data each snapshot holds, by snapshot name. */
  public Map<String, Long> sizes() throws IOException {
    Map<String, Long> sizes = new HashMap<>();
    for (TableSnapshot snapshot : store.list()) {
      sizes.put(snapshot.name(), snapshot.sizeBytes());
    }
    return sizes;
  }

  /** The snapshot of that name, as described when it was taken, if there is one. */
  public Optional<SnapshotDescription> find(String name) throws IOException {
    Optional<TableSnapshot> snapshot = store.find(name);
    return snapshot.isPresent() ? Optional.of(describe(snapshot.get())) : Optional.empty();
  }

  /**
   * The snapshot a completion check asks about. Snapshots are taken within the request, so one that exists is
   * complete.
   *
   * @throws UnknownSnapshotException if there is no such snapshot
   */
  public SnapshotDescription completed(SnapshotDescription request) throws IOException {
    Optional<TableSnapshot> snapshot = store.find(request.getName());
    if (snapshot.isEmpty()) {
      throw new UnknownSnapshotException("Snapshot "
          + ClientSnapshotDescriptionUtils.toString(request)
          + " is not currently running or one of the known completed snapshots.");
    }
    return describe(snapshot.get());
  }

  public void delete(SnapshotDescription request) throws IOException {
    try {
      TableName.isLegalTableQualifierName(Bytes.toBytes(request.getName()), true);
    } catch (IllegalArgumentException e) {
      // The client lets some such names through (a:b); HBase's master answers them with this exception.
      throw new UnknownSnapshotException("No snapshot can be named " + request.getName() + ": " + e.getMessage());
    }
    try {
      store.delete(request.getName());
    } catch (io.basalt.storage.errors.UnknownSnapshotException e) {
      throw new SnapshotDoesNotExistException(ProtobufUtil.createSnapshotDesc(request));
    }
  }

  /**
   * Deletes every snapshot whose TTL has run out, as HBase's snapshot cleanup chore does. A snapshot that cannot be
   * deleted (gone meanwhile, or a storage error) is logged and left for the next pass, so one bad snapshot does not
   * keep the others.
   *
   * @return the names of the snapshots deleted
   */
  public List<String> deleteExpired() throws IOException {
    List<String> deleted = new ArrayList<>();
    for (SnapshotDescription snapshot : list()) {
      if (!expired(snapshot)) {
        continue;
      }
      try {
        store.delete(snapshot.getName());
        deleted.add(snapshot.getName());
        LOG.info("Deleted snapshot {} of table {}: its TTL of {} s from {} has run out", snapshot.getName(),
            snapshot.getTable(), snapshot.getTtl(), snapshot.getCreationTime());
      } catch (io.basalt.storage.errors.UnknownSnapshotException e) {
        LOG.debug("Expired snapshot {} was deleted by someone else", snapshot.getName());
      } catch (StorageException e) {
        LOG.warn("Cannot delete expired snapshot {}; the next cleanup tries again", snapshot.getName(), e);
      }
    }
    return deleted;
  }

  /**
   * Restores the snapshot {@code request} names into the table it names if that table exists (it must be
   * disabled), or clones it into a new table of that name otherwise.
   *
   * @param cloneTracker the store file tracker a clone gets in place of the snapshot table's, or null or empty
   */
  public HBaseTable restoreOrClone(SnapshotDescription request, String cloneTracker, byte[] note)
      throws IOException {
    if (!request.hasTable()) {
      throw new DoNotRetryIOException("No table to restore snapshot " + request.getName() + " into");
    }
    TableName target = tableName(request.getTable());
    ddl.namespaces().require(target.getNamespaceAsString());
    TableSnapshot snapshot = store.find(request.getName())
        .orElseThrow(() -> new SnapshotDoesNotExistException(ProtobufUtil.createSnapshotDesc(request)));
    SnapshotDescription description = describe(snapshot);
    if (expired(description)) {
      throw new SnapshotTTLExpiredException(ProtobufUtil.createSnapshotDesc(description));
    }
    try {
      return ddl.tables().table(target).isPresent()
          ? ddl.restoreSnapshot(snapshot, target, note) : ddl.cloneSnapshot(snapshot, target, cloneTracker, note);
    } catch (io.basalt.storage.errors.UnknownSnapshotException e) {
      // Deleted while this request waited for the tables.
      throw new SnapshotDoesNotExistException(ProtobufUtil.createSnapshotDesc(request));
    } catch (StorageException e) {
      throw new RestoreSnapshotException("Couldn't restore snapshot '" + request.getName() + "' into table "
          + target + ": " + e.getMessage(), e);
    }
  }

  /**
   * What HBase's master records for a snapshot request: the table by its usual name, the layout version, a TTL
   * only if it is one, and type DISABLED for a snapshot of a disabled table. Other fields stay as the client sent
   * them; a creation time it did not send is the snapshot's own.
   */
  private static SnapshotDescription described(SnapshotDescription request, TableName table, HBaseTable current) {
    SnapshotDescription.Builder description = request.toBuilder().setTable(table.getNameAsString());
    if (request.getTtl() <= 0 || request.getTtl() >= MAX_TTL_SECONDS) {
      description.setTtl(0);
    }
    if (!request.hasVersion()) {
      description.setVersion(LAYOUT_VERSION);
    }
    if (!current.isEnabled()) {
      description.setType(SnapshotDescription.Type.DISABLED);
    }
    return description.build();
  }

  private static SnapshotDescription describe(TableSnapshot snapshot) throws IOException {
    SnapshotDescription.Builder description = SnapshotDescription.newBuilder();
    Optional<byte[]> stored = snapshot.property(DESCRIPTION);
    if (stored.isPresent()) {
      description.mergeFrom(stored.get());
    } else {
      description.setVersion(LAYOUT_VERSION);
    }
    description.setName(snapshot.name()).setTable(TableName.valueOf(snapshot.table().name()).getNameAsString());
    if (description.getCreationTime() <= 0) {
      description.setCreationTime(snapshot.createdMillis());
    }
    return description.build();
  }

  /** HBase's rule: a TTL of 0 (or one too long to be a time) keeps a snapshot forever. */
  private boolean expired(SnapshotDescription snapshot) {
    long ttl = snapshot.getTtl();
    // Compared as the age against the TTL: creation time + TTL wraps negative for TTLs near MAX_TTL_SECONDS (as in
    // HBase 2.6, whose master then calls a snapshot with a TTL of millions of years expired at once).
    return snapshot.getCreationTime() > 0 && ttl > 0 && ttl < MAX_TTL_SECONDS
        && clock.millis() - snapshot.getCreationTime() > TimeUnit.SECONDS.toMillis(ttl);
  }

  private static SnapshotExistsException exists(SnapshotDescription request) {
    return new SnapshotExistsException("Snapshot '" + request.getName() + "' already stored on the filesystem.",
        ProtobufUtil.createSnapshotDesc(request));
  }

  /** Snapshot names follow HBase's rule for table qualifiers: letters, digits, '_', '-' and '.', not first. */
  private static String legalName(String name) throws DoNotRetryIOException {
    try {
      TableName.isLegalTableQualifierName(Bytes.toBytes(name), true);
    } catch (IllegalArgumentException e) {
      throw new DoNotRetryIOException(e.getMessage());
    }
    return name;
  }

  private static TableName tableName(String name) throws DoNotRetryIOException {
    try {
      return TableName.valueOf(name);
    } catch (IllegalArgumentException e) {
      throw new DoNotRetryIOException(e.getMessage());
    }
  }
}
