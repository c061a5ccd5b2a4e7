package io.basalt.storage.snapshotfiles;

import io.basalt.storage.catalog.TableDefinition;
import io.basalt.storage.errors.SnapshotExistsException;
import io.basalt.storage.errors.StorageException;
import io.basalt.storage.errors.UnknownSnapshotException;
import io.basalt.storage.snapshotfiles.TableSnapshot.FamilyFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The completed snapshots of a store, one directory each: a manifest and the SST files of the families that had
 * cells. A snapshot is written in a work directory and renamed into place only when complete, and a deleted one is
 * renamed away before its files go, so a crash never leaves a half-written or half-deleted snapshot listed; work
 * directories left by a crash are removed when the store opens.
 */
public final class SnapshotDirectory {
  private static final Logger LOG = LoggerFactory.getLogger(SnapshotDirectory.class);
  private static final String MANIFEST = "MANIFEST";
  /** Work directories start with a dot, which no snapshot's directory name does. */
  private static final String WRITING = ".writing-";
  private static final String DELETING = ".deleting-";
  private static final String STAGING = ".staging-";
  private static final int MAX_DIRECTORY_NAME = 255;

  private final Path root;
  /** Completed snapshots by name; guarded by {@code this}. */
  private final Map<String, Stored> snapshots = new TreeMap<>();

  private record Stored(TableSnapshot snapshot, Path directory) {}

  /** Writes a snapshot's family files into the directory it is given and lists them. */
  @FunctionalInterface
  public interface FileWriter {
    List<FamilyFile> write(Path directory) throws StorageException;
  }

  private SnapshotDirectory(Path root) {
    this.root = root;
  }

  /** Opens (creating if needed) the snapshots under {@code root}, clearing what an interrupted operation left. */
  public static SnapshotDirectory open(Path root) throws StorageException {
    SnapshotDirectory directory = new SnapshotDirectory(root);
    try {
      Files.createDirectories(root);
      try (DirectoryStream<Path> entries = Files.newDirectoryStream(root)) {
        for (Path entry : entries) {
          if (entry.getFileName().toString().startsWith(".")) {
            LOG.info("Removing {}, left by an interrupted snapshot operation", entry);
            DurableFiles.removeTree(entry);
          } else {
            directory.load(entry);
          }
        }
      }
    } catch (IOException e) {
      throw new StorageException("cannot open the snapshots in " + root + ": " + e.getMessage(), e);
    }
    LOG.info("Found {} snapshots in {}", directory.snapshots.size(), root);
    return directory;
  }

  private void load(Path entry) throws IOException {
    TableSnapshot snapshot;
    try {
      snapshot = ManifestCodec.decode(Files.readAllBytes(entry.resolve(MANIFEST)));
      for (FamilyFile file : snapshot.files()) {
        if (!Files.isRegularFile(entry.resolve(file.fileName()))) {
          throw new IOException("file " + file.fileName() + " is missing");
        }
      }
    } catch (IOException e) {
      // One damaged snapshot must not keep the store from opening; it stays on disk for an operator to inspect.
      LOG.error("Ignoring snapshot directory {}, which is not a readable snapshot: {}", entry, e.toString());
      return;
    }
    snapshots.put(snapshot.name(), new Stored(snapshot, entry));
  }

  /** Every completed snapshot, sorted by name. */
  public synchronized List<TableSnapshot> list() {
    List<TableSnapshot> all = new ArrayList<>();
    snapshots.values().forEach(stored -> all.add(stored.snapshot()));
    return all;
  }

  public synchronized Optional<TableSnapshot> find(String name) {
    return Optional.ofNullable(snapshots.get(name)).map(Stored::snapshot);
  }

  /** The directory holding a completed snapshot's files, if there is such a snapshot. */
  public synchronized Optional<Path> locate(String name) {
    return Optional.ofNullable(snapshots.get(name)).map(Stored::directory);
  }

  public TableSnapshot require(String name) throws UnknownSnapshotException {
    return find(name).orElseThrow(() -> new UnknownSnapshotException(name));
  }

  /**
   * Writes a snapshot and makes it visible once complete. Callers serialize creations and deletions.
   *
   * @throws IllegalArgumentException if the name is empty or too long to name a directory
   */
  public TableSnapshot create(String name, TableDefinition table, Map<String, byte[]> properties, long createdMillis,
      FileWriter writer) throws StorageException {
    Path target = root.resolve(directoryName(name));
    if (find(name).isPresent()) {
      throw new SnapshotExistsException(name);
    }
    Path work = workDirectory(WRITING);
    try {
      TableSnapshot snapshot = new TableSnapshot(name, createdMillis, table, properties, writer.write(work));
      DurableFiles.write(work.resolve(MANIFEST), ManifestCodec.encode(snapshot));
      DurableFiles.syncDirectory(work);
      synchronized (this) {
        if (snapshots.containsKey(name)) {
          throw new SnapshotExistsException(name);
        }
        Files.move(work, target, StandardCopyOption.ATOMIC_MOVE);
        DurableFiles.syncDirectory(root);
        snapshots.put(name, new Stored(snapshot, target));
      }
      LOG.info("Created {}", snapshot);
      return snapshot;
    } catch (StorageException | RuntimeException e) {
      discard(work);
      throw e;
    } catch (IOException e) {
      discard(work);
      throw new StorageException("cannot write snapshot " + name + " in " + root + ": " + e.getMessage(), e);
    }
  }

  /** Deletes a snapshot and its files. Callers serialize creations and deletions. */
  public void delete(String name) throws StorageException {
    Path doomed;
    synchronized (this) {
      Stored stored = snapshots.get(name);
      if (stored == null) {
        throw new UnknownSnapshotException(name);
      }
      try {
        doomed = root.resolve(DELETING + UUID.randomUUID());
        Files.move(stored.directory(), doomed, StandardCopyOption.ATOMIC_MOVE);
        DurableFiles.syncDirectory(root);
      } catch (IOException e) {
        throw new StorageException("cannot delete snapshot " + name + " in " + root + ": " + e.getMessage(), e);
      }
      snapshots.remove(name);
    }
    LOG.info("Deleted snapshot {}", name);
    discard(doomed);
  }

  /** Links a snapshot's files into a new staging directory, from which they can be ingested. */
  public StagedSnapshot stage(TableSnapshot snapshot) throws StorageException {
    Path source;
    synchronized (this) {
      Stored stored = snapshots.get(snapshot.name());
      if (stored == null || stored.snapshot() != snapshot) {
        throw new UnknownSnapshotException(snapshot.name());
      }
      source = stored.directory();
    }
    Path staging = workDirectory(STAGING);
    try {
      for (FamilyFile file : snapshot.files()) {
        DurableFiles.linkOrCopy(staging.resolve(file.fileName()), source.resolve(file.fileName()));
      }
    } catch (IOException e) {
      discard(staging);
      throw new StorageException("cannot stage the files of " + snapshot + ": " + e.getMessage(), e);
    }
    return new StagedSnapshot(snapshot, staging);
  }

  private Path workDirectory(String prefix) throws StorageException {
    try {
      return Files.createTempDirectory(root, prefix);
    } catch (IOException e) {
      throw new StorageException("cannot create a work directory in " + root + ": " + e.getMessage(), e);
    }
  }

  private static void discard(Path directory) {
    try {
      DurableFiles.removeTree(directory);
    } catch (IOException e) {
      // Work directories are removed when the store next opens; nothing listed depends on this one.
      LOG.warn("Could not remove {} now; it will be removed at the next open: {}", directory, e.getMessage());
    }
  }

  /**
   * Refuses a name no snapshot can have here.
   *
   * @throws IllegalArgumentException if the name is empty or too long to name a directory
   */
  public static void checkName(String name) {
    directoryName(name);
  }

  /**
   * A snapshot's directory name: its name, with every byte outside {@code [A-Za-z0-9_.-]} (and a leading dot,
   * which marks work directories) written as {@code %XX}, so any name is a safe, distinct file name.
   */
  static String directoryName(String name) {
    if (name.isEmpty()) {
      throw new IllegalArgumentException("snapshot name must not be empty");
    }
    StringBuilder out = new StringBuilder();
    for (byte b : name.getBytes(StandardCharsets.UTF_8)) {
      int c = b & 0xFF;
      boolean plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'
          || c == '-' || (c == '.' && out.length() > 0);
      out.append(plain ? String.valueOf((char) c) : String.format("%%%02X", c));
    }
    if (out.length() > MAX_DIRECTORY_NAME) {
      throw new IllegalArgumentException("snapshot name is too long: " + name);
    }
    return out.toString();
  }
}
