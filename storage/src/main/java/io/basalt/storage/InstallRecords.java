package io.basalt.storage;

import io.basalt.storage.errors.StorageException;
import io.basalt.storage.replication.AppliedIndex;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;
import org.apache.ratis.protocol.RaftGroupId;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.WriteBatch;
import org.rocksdb.WriteOptions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The durable marks of installs in progress, and the directories their fetched states are kept in.
 *
 * <p>Installing a fetched state changes the store in several writes (a tablet's import deletes its rows and then
 * ingests one file per family, the catalog's creates and drops tables one by one), so a crash can leave the state
 * partly old and partly new, and its recorded applied index, the old one, would then be a lie. Before the first of
 * those writes, a mark is written, synced: {@code raft/installing/<group>} in the catalog column family, holding the
 * index being installed and the directory of the fetched files. The install's last write records the new applied
 * index and deletes the mark in one synced batch. While a mark is there, the replica reports no applied index. At
 * the next start the install is done again from the kept files ({@link InterruptedInstalls}, before the Raft server
 * starts), which gives the fetched state exactly: both kinds of install give the same result when repeated.
 *
 * <p>A replica that starts a group with none of its state where the other members hold it (a split's daughter on a
 * member that missed the parent's fence, a cloned tablet this node's copy of the snapshot lacks) must not stand for
 * leader until it has installed the state: two such members would elect each other, and the tablet would be led
 * without its rows. It is marked, synced, {@code raft/awaits-install/<group>}, before the group starts, so that the
 * replica keeps out of elections after a restart too; the install's last batch deletes the mark.
 */
final class InstallRecords {
  private static final Logger LOG = LoggerFactory.getLogger(InstallRecords.class);
  private static final String MARK_PREFIX = "raft/installing/";
  private static final String AWAITS_PREFIX = "raft/awaits-install/";

  private final RocksDB db;
  private final ColumnFamilyHandle catalogHandle;
  private final WriteOptions synced;
  private final Path directory;

  /** An install in progress: the index it installs, and its files' directory (a name under the installs'). */
  record Mark(AppliedIndex index, String directoryName) {}

  InstallRecords(RocksDB db, ColumnFamilyHandle catalogHandle, WriteOptions synced, Path directory) {
    this.db = db;
    this.catalogHandle = catalogHandle;
    this.synced = synced;
    this.directory = directory;
  }

  /** A new, not yet existing directory for a state of {@code group} to be fetched into. */
  Path newDirectory(RaftGroupId group) {
    return directory.resolve(group.getUuid() + "-" + UUID.randomUUID());
  }

  Path directory(Mark mark) {
    return directory.resolve(mark.directoryName());
  }

  Optional<Mark> mark(RaftGroupId group) throws StorageException {
    try {
      byte[] value = db.get(catalogHandle, key(group));
      return value == null ? Optional.empty() : Optional.of(decode(value));
    } catch (RocksDBException e) {
      throw RocksErrors.of("reading the install mark of group " + group, e);
    }
  }

  /** Marks an install of {@code group} begun, synced; the directory of an earlier mark is deleted. */
  void mark(RaftGroupId group, Mark mark) throws StorageException {
    Optional<Mark> earlier = mark(group);
    byte[] name = mark.directoryName().getBytes(StandardCharsets.UTF_8);
    byte[] value = ByteBuffer.allocate(2 * Long.BYTES + Integer.BYTES + name.length).put(mark.index().toBytes())
        .putInt(name.length).put(name).array();
    try {
      db.put(catalogHandle, synced, key(group), value);
    } catch (RocksDBException e) {
      throw RocksErrors.of("marking an install of group " + group, e);
    }
    earlier.filter(old -> !old.directoryName().equals(mark.directoryName())).ifPresent(this::deleteDirectory);
  }

  /**
   * Marks, synced, that this node's replica of each group must install the group's state before it stands for
   * leader (see the class comment).
   */
  void awaitInstall(List<RaftGroupId> groups) throws StorageException {
    try (WriteBatch batch = new WriteBatch()) {
      for (RaftGroupId group : groups) {
        batch.put(catalogHandle, awaitsKey(group), new byte[0]);
      }
      db.write(synced, batch);
    } catch (RocksDBException e) {
      throw RocksErrors.of("marking replicas to install before standing for leader", e);
    }
  }

  /** Whether this node's replica of the group is still to install the group's state before it stands for leader. */
  boolean awaitsInstall(RaftGroupId group) throws StorageException {
    try {
      return db.get(catalogHandle, awaitsKey(group)) != null;
    } catch (RocksDBException e) {
      throw RocksErrors.of("reading whether group " + group + " awaits an install", e);
    }
  }

  /** Records the installed index as the group's applied index and deletes the marks, in one synced batch. */
  void finish(RaftGroupId group, byte[] appliedKey, AppliedIndex index) throws StorageException {
    try (WriteBatch batch = new WriteBatch()) {
      batch.put(catalogHandle, appliedKey, index.toBytes());
      batch.delete(catalogHandle, key(group));
      batch.delete(catalogHandle, awaitsKey(group));
      db.write(synced, batch);
    } catch (RocksDBException e) {
      throw RocksErrors.of("recording the install of group " + group, e);
    }
  }

  /** Deletes the marks of a group that is gone, with its applied index. */
  void forget(RaftGroupId group, byte[] appliedKey) throws StorageException {
    try (WriteBatch batch = new WriteBatch()) {
      forget(batch, group);
      batch.delete(catalogHandle, appliedKey);
      db.write(synced, batch);
    } catch (RocksDBException e) {
      throw RocksErrors.of("forgetting the install of group " + group, e);
    }
  }

  /** Every install in progress, by group. */
  Map<RaftGroupId, Mark> all() throws StorageException {
    Map<RaftGroupId, Mark> marks = new HashMap<>();
    byte[] prefix = MARK_PREFIX.getBytes(StandardCharsets.UTF_8);
    try (RocksIterator iterator = db.newIterator(catalogHandle)) {
      for (iterator.seek(prefix); iterator.isValid(); iterator.next()) {
        String key = new String(iterator.key(), StandardCharsets.UTF_8);
        if (!key.startsWith(MARK_PREFIX)) {
          break;
        }
        marks.put(RaftGroupId.valueOf(UUID.fromString(key.substring(MARK_PREFIX.length()))),
            decode(iterator.value()));
      }
      iterator.status();
    } catch (RocksDBException e) {
      throw RocksErrors.of("reading the install marks", e);
    } catch (IllegalArgumentException e) {
      throw new StorageException("corrupt install mark: " + e.getMessage(), e);
    }
    return marks;
  }

  /** Deletes every directory of fetched states but those named. */
  void deleteDirectoriesBut(Set<String> kept) {
    if (!Files.isDirectory(directory)) {
      return;
    }
    try (Stream<Path> listing = Files.list(directory)) {
      for (Path fetched : listing.toList()) {
        if (!kept.contains(fetched.getFileName().toString())) {
          StateFiles.removeTree(fetched);
        }
      }
    } catch (IOException e) {
      LOG.warn("Could not delete the fetched states in {} left by an earlier run: {}", directory, e.getMessage());
    }
  }

  void deleteDirectory(Mark mark) {
    deleteDirectory(directory(mark));
  }

  static void deleteDirectory(Path fetched) {
    try {
      StateFiles.removeTree(fetched);
    } catch (IOException e) {
      LOG.warn("Could not delete the fetched state in {} (deleted at the next start): {}", fetched, e.getMessage());
    }
  }

  /** Adds deleting the marks of a group that is gone to {@code batch}. */
  void forget(WriteBatch batch, RaftGroupId group) throws RocksDBException {
    batch.delete(catalogHandle, key(group));
    batch.delete(catalogHandle, awaitsKey(group));
  }

  private static byte[] awaitsKey(RaftGroupId group) {
    return (AWAITS_PREFIX + group.getUuid()).getBytes(StandardCharsets.UTF_8);
  }

  private static byte[] key(RaftGroupId group) {
    return (MARK_PREFIX + group.getUuid()).getBytes(StandardCharsets.UTF_8);
  }

  private static Mark decode(byte[] value) throws StorageException {
    try {
      ByteBuffer buffer = ByteBuffer.wrap(value);
      byte[] index = new byte[2 * Long.BYTES];
      buffer.get(index);
      byte[] name = new byte[buffer.getInt()];
      buffer.get(name);
      return new Mark(AppliedIndex.fromBytes(index), new String(name, StandardCharsets.UTF_8));
    } catch (RuntimeException e) {
      throw new StorageException("corrupt install mark: " + e.getMessage(), e);
    }
  }
}
