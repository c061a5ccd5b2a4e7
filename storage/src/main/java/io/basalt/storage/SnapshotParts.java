package io.basalt.storage;

import io.basalt.storage.errors.StorageException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.stream.Stream;
import org.apache.ratis.protocol.RaftGroupId;
import org.rocksdb.Snapshot;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The parts of cluster snapshots this node's tablet replicas wrote and no snapshot holds yet: one directory per
 * snapshot id under {@code transfer/snapshot-parts/}, and in it one export of a tablet's rows per group
 * ({@link TabletTransfer}), renamed into place once whole. The catalog entry completing a snapshot moves them into
 * it ({@link SnapshotReplication}). What is here when the store opens is removed: a part whose snapshot was
 * completed meanwhile is then missing from this node's copy, which only means the tablet is installed from a leader
 * when a table is cloned from it here. So are, whenever a snapshot completes, the parts of snapshots that never did.
 */
final class SnapshotParts {
  private static final Logger LOG = LoggerFactory.getLogger(SnapshotParts.class);
  private static final String WRITING = ".writing";

  private final Path root;
  private final Signal written = new Signal();

  private SnapshotParts(Path root) {
    this.root = root;
  }

  static SnapshotParts open(Path root) throws StorageException {
    try {
      if (Files.exists(root)) {
        LOG.info("Removing snapshot parts left in {}", root);
        StateFiles.removeTree(root);
      }
      Files.createDirectories(root);
    } catch (IOException e) {
      throw new StorageException("cannot prepare the snapshot parts in " + root + ": " + e.getMessage(), e);
    }
    return new SnapshotParts(root);
  }

  /** Where the part of {@code group} for snapshot {@code snapshotId} is once written. */
  Path part(String snapshotId, RaftGroupId group) {
    return root.resolve(snapshotId).resolve(group.getUuid().toString());
  }

  /**
   * Writes the part of {@code group}'s tablet (rows {@code [startRow, endRow)} of {@code table}) as it is at
   * {@code snapshot}, replacing one written before (the same entry applied again after a crash gives the same rows).
   */
  void write(String snapshotId, RaftGroupId group, Table table, byte[] startRow, byte[] endRow, Snapshot snapshot,
      TabletTransfer transfer) throws StorageException {
    Path part = part(snapshotId, group);
    Path writing = part.resolveSibling(part.getFileName() + WRITING);
    try {
      StateFiles.removeTree(writing);
      StateFiles.removeTree(part);
      Files.createDirectories(writing);
      transfer.export(table, startRow, endRow, snapshot, writing);
      StateFiles.syncDirectory(writing);
      Files.move(writing, part, StandardCopyOption.ATOMIC_MOVE);
      StateFiles.syncDirectory(part.getParent());
    } catch (IOException e) {
      throw new StorageException("cannot write the part of group " + group + " of snapshot " + snapshotId + ": "
          + e.getMessage(), e);
    }
    written.changed();
  }

  /** Waits until the part of {@code group} for {@code snapshotId} is written, or {@code millis} passed; whether so. */
  boolean await(String snapshotId, RaftGroupId group, long millis) throws InterruptedIOException {
    Path part = part(snapshotId, group);
    return written.await(() -> Files.isDirectory(part), millis, "the parts of snapshot " + snapshotId);
  }

  /** Removes what is left of snapshot {@code snapshotId}'s parts. */
  void discard(String snapshotId) {
    remove(root.resolve(snapshotId));
  }

  /**
   * Removes the parts of every snapshot none of whose parts was written here for {@code age}: a snapshot that failed
   * after its tablets wrote their parts (its master died, its catalog entry was refused), which no catalog entry will
   * collect. Were a snapshot still to be completed after that, this node's copy would lack those tablets, which
   * costs only their install when a table is cloned from it here.
   */
  void discardStale(Duration age) {
    FileTime before = FileTime.from(Instant.now().minus(age));
    try (Stream<Path> snapshots = Files.list(root)) {
      for (Path snapshot : snapshots.toList()) {
        if (Files.getLastModifiedTime(snapshot).compareTo(before) < 0) {
          LOG.info("Removing the parts of snapshot {}, written here over {} ago and still in no snapshot",
              snapshot.getFileName(), age);
          remove(snapshot);
        }
      }
    } catch (IOException e) {
      LOG.warn("Could not look for stale snapshot parts in {} (looked for again after the next snapshot): {}", root,
          e.getMessage());
    }
  }

  /** Removes the part of {@code group} for snapshot {@code snapshotId}, if it is still here. */
  void discard(String snapshotId, RaftGroupId group) {
    remove(part(snapshotId, group));
  }

  private static void remove(Path path) {
    try {
      StateFiles.removeTree(path);
    } catch (IOException e) {
      // Removed when the store next opens; nothing refers to them.
      LOG.warn("Could not remove snapshot parts {} now: {}", path, e.getMessage());
    }
  }
}
