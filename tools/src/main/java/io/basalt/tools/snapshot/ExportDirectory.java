package io.basalt.tools.snapshot;

import java.io.IOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.snapshot.SnapshotDescriptionUtils;
import org.apache.hadoop.hbase.util.HFileArchiveUtil;

/**
 * The directory an export writes, laid out as HBase's ExportSnapshot lays out the root it copies to (HBase 2.6's
 * {@code ExportSnapshot}, {@code SnapshotDescriptionUtils}, {@code HFileArchiveUtil}): the snapshot's description
 * and manifest in {@code .hbase-snapshot/<name>/}, written first into {@code .hbase-snapshot/.tmp/<name>/} and
 * renamed into place once complete, and the HFiles in {@code archive/data/<namespace>/<table>/<encoded region>/
 * <family>/}, named as a region server names them (a random UUID's 32 hex digits). Paths come from HBase's own
 * path helpers, on the directory as a root.
 *
 * <p>Everything the export creates is recorded, so that a failed export takes it all back: its HFiles (with the
 * checksum files Hadoop's local file system writes beside them), the working directory, and each directory it
 * created, if nothing else was put there meanwhile. Other snapshots in the directory, of this table too, are never
 * touched: their files have other names.
 */
final class ExportDirectory {
  private final Path root;
  private final String snapshot;
  private final org.apache.hadoop.fs.Path hadoopRoot;
  private final List<Path> createdDirs = new ArrayList<>();
  private final List<Path> writtenFiles = new ArrayList<>();

  private ExportDirectory(Path root, String snapshot) {
    this.root = root;
    this.snapshot = snapshot;
    this.hadoopRoot = new org.apache.hadoop.fs.Path(root.toUri());
  }

  /**
   * The directory for a snapshot named {@code snapshot}; refuses one that holds a snapshot of that name already,
   * complete or not, or that is not a directory.
   */
  static ExportDirectory check(Path given, String snapshot) throws ExportException {
    Path root = given.toAbsolutePath().normalize();
    if (Files.exists(root) && !Files.isDirectory(root)) {
      throw new ExportException(given + " is not a directory");
    }
    ExportDirectory dir = new ExportDirectory(root, snapshot);
    if (Files.exists(dir.completedDir())) {
      throw new ExportException(given + " already holds a snapshot named " + snapshot + " ("
          + dir.completedDir() + "); name another with --snapshot, or export to another directory");
    }
    if (Files.exists(dir.workingDir())) {
      throw new ExportException(given + " holds an unfinished snapshot named " + snapshot + " ("
          + dir.workingDir() + ", left by an export that did not finish); remove it, or name another snapshot with"
          + " --snapshot");
    }
    return dir;
  }

  Path root() {
    return root;
  }

  org.apache.hadoop.fs.Path hadoopRoot() {
    return hadoopRoot;
  }

  /** Where the snapshot's description and manifest end up. */
  Path completedDir() {
    return local(SnapshotDescriptionUtils.getCompletedSnapshotDir(snapshot, hadoopRoot));
  }

  /** Where they are written first. */
  Path workingDir() {
    return completedDir().getParent().resolve(SnapshotDescriptionUtils.SNAPSHOT_TMP_DIR_NAME).resolve(snapshot);
  }

  /** Creates the working directory (and the directories above it). */
  synchronized Path createWorkingDir() throws IOException {
    return createDirs(workingDir());
  }

  /**
   * A new HFile's path in the archive directory of the region's family, named as a region server names one; the
   * directories above it are created.
   */
  synchronized Path newHFile(RegionInfo region, byte[] family) throws IOException {
    Path familyDir = local(HFileArchiveUtil.getStoreArchivePathForRootDir(hadoopRoot, region, family));
    createDirs(familyDir);
    Path file = familyDir.resolve(UUID.randomUUID().toString().replace("-", ""));
    writtenFiles.add(file);
    return file;
  }

  /** Renames the working directory into place: the snapshot is complete. */
  synchronized void complete() throws IOException {
    Files.move(workingDir(), completedDir());
    createdDirs.remove(workingDir());
  }

  /**
   * Removes what the export wrote and the directories it created; throws, naming what is left, if something could
   * not be removed.
   */
  synchronized void rollback() throws IOException {
    IOException failure = null;
    try {
      deleteTree(workingDir());
    } catch (IOException e) {
      failure = e;
    }
    for (Path file : writtenFiles) {
      try {
        Files.deleteIfExists(file);
        Files.deleteIfExists(file.resolveSibling("." + file.getFileName() + ".crc"));
      } catch (IOException e) {
        failure = failure == null ? e : failure;
      }
    }
    for (int i = createdDirs.size() - 1; i >= 0; i--) {
      try {
        Files.deleteIfExists(createdDirs.get(i));
      } catch (DirectoryNotEmptyException e) {
        // Something else was put there meanwhile (another export into the same directory): it stays, and so does
        // the directory holding it.
        continue;
      } catch (IOException e) {
        failure = failure == null ? e : failure;
      }
    }
    writtenFiles.clear();
    createdDirs.clear();
    if (failure != null) {
      throw new ExportException("could not remove everything the export wrote in " + root + ": " + failure, failure);
    }
  }

  /** Creates {@code dir} and the directories above it that are missing, recording each as created. */
  private Path createDirs(Path dir) throws IOException {
    List<Path> missing = new ArrayList<>();
    for (Path path = dir; path != null && !Files.isDirectory(path); path = path.getParent()) {
      missing.add(0, path);
    }
    for (Path path : missing) {
      try {
        Files.createDirectory(path);
      } catch (FileAlreadyExistsException e) {
        throw new ExportException("cannot create directory " + path + ": a file of that name is in the way", e);
      } catch (IOException e) {
        throw new ExportException("cannot create directory " + path + ": " + e, e);
      }
      createdDirs.add(path);
    }
    return dir;
  }

  private static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path path : walk.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    }
  }

  private static Path local(org.apache.hadoop.fs.Path path) {
    return Path.of(path.toUri());
  }
}
