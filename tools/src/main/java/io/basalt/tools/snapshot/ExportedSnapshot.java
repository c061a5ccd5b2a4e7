package io.basalt.tools.snapshot;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.shaded.protobuf.ProtobufUtil;
import org.apache.hadoop.hbase.shaded.protobuf.generated.SnapshotProtos.SnapshotDescription;
import org.apache.hadoop.hbase.shaded.protobuf.generated.SnapshotProtos.SnapshotRegionManifest;
import org.apache.hadoop.hbase.snapshot.SnapshotDescriptionUtils;
import org.apache.hadoop.hbase.snapshot.SnapshotManifest;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * An HBase snapshot as {@code ExportSnapshot} leaves it in a directory (the export root): its description and
 * manifest under {@code <root>/.hbase-snapshot/<name>/}, its HFiles under {@code <root>/archive/data/<namespace>/
 * <table>/<region>/<family>/}. Read with HBase's own classes, with the root as {@code hbase.rootdir} so that
 * {@link org.apache.hadoop.hbase.io.HFileLink} finds the files where a cluster would.
 */
final class ExportedSnapshot {
  private static final String SNAPSHOTS_DIR = ".hbase-snapshot";

  private final Configuration conf;
  private final SnapshotDescription description;
  private final TableDescriptor table;
  private final List<SnapshotRegionManifest> regions;

  private ExportedSnapshot(Configuration conf, SnapshotDescription description, TableDescriptor table,
      List<SnapshotRegionManifest> regions) {
    this.conf = conf;
    this.description = description;
    this.table = table;
    this.regions = regions;
  }

  /**
   * Opens the snapshot in {@code given}: an export root holding one snapshot, or a snapshot's own directory inside
   * an export root.
   */
  static ExportedSnapshot open(Path given) throws IOException {
    Path dir = given.toAbsolutePath().normalize();
    if (!Files.isDirectory(dir)) {
      throw new ImportException("no such directory: " + given);
    }
    Path snapshotDir = locate(dir, given);
    Path root = snapshotDir.getParent().getParent();
    Configuration conf = HBaseConfiguration.create();
    conf.set("fs.defaultFS", "file:///");
    conf.set("hbase.rootdir", root.toUri().toString());
    FileSystem files = FileSystem.getLocal(conf);
    org.apache.hadoop.fs.Path hadoopDir = new org.apache.hadoop.fs.Path(snapshotDir.toUri());
    SnapshotDescription description;
    SnapshotManifest manifest;
    try {
      description = SnapshotDescriptionUtils.readSnapshotInfo(files, hadoopDir);
      manifest = SnapshotManifest.open(conf, files, hadoopDir, description);
    } catch (IOException | RuntimeException e) {
      throw new ImportException("cannot read the snapshot in " + snapshotDir + ": " + e.getMessage(), e);
    }
    TableDescriptor table = manifest.getTableDescriptor();
    if (table == null) {
      throw new ImportException("the snapshot in " + snapshotDir + " has no table descriptor");
    }
    for (ColumnFamilyDescriptor family : table.getColumnFamilies()) {
      if (family.isMobEnabled()) {
        throw new ImportException("family " + family.getNameAsString() + " of " + table.getTableName()
            + " keeps MOB files, which the import does not read; import a table without MOB families");
      }
    }
    return new ExportedSnapshot(conf, description, table, List.copyOf(manifest.getRegionManifests()));
  }

  /** The snapshot's directory: {@code dir} itself, or the one snapshot under {@code dir/.hbase-snapshot}. */
  private static Path locate(Path dir, Path given) throws IOException {
    if (Files.isRegularFile(dir.resolve(SnapshotDescriptionUtils.SNAPSHOTINFO_FILE))) {
      Path parent = dir.getParent();
      if (parent == null || !SNAPSHOTS_DIR.equals(parent.getFileName().toString()) || parent.getParent() == null) {
        throw new ImportException(given + " holds a snapshot, but not inside an export root (<root>/"
            + SNAPSHOTS_DIR + "/<name>), where its HFiles would be found");
      }
      return dir;
    }
    Path snapshots = dir.resolve(SNAPSHOTS_DIR);
    List<Path> found = new ArrayList<>();
    if (Files.isDirectory(snapshots)) {
      try (Stream<Path> children = Files.list(snapshots)) {
        children.filter(child -> Files.isRegularFile(child.resolve(SnapshotDescriptionUtils.SNAPSHOTINFO_FILE)))
            .sorted().forEach(found::add);
      }
    }
    if (found.isEmpty()) {
      throw new ImportException("no HBase snapshot in " + given + " (ExportSnapshot writes " + SNAPSHOTS_DIR
          + "/<name>/" + SnapshotDescriptionUtils.SNAPSHOTINFO_FILE + " under the directory it exports to)");
    }
    if (found.size() > 1) {
      throw new ImportException(given + " holds " + found.size() + " snapshots ("
          + String.join(", ", found.stream().map(path -> path.getFileName().toString()).toList())
          + "); name one: --snapshot-dir " + given + "/" + SNAPSHOTS_DIR + "/<name>");
    }
    return found.get(0);
  }

  /** The snapshot's name. */
  String name() {
    return description.getName();
  }

  /** The table the snapshot was taken of. */
  TableName tableName() {
    return table.getTableName();
  }

  /** The table's schema at the time of the snapshot. */
  TableDescriptor table() {
    return table;
  }

  /** A configuration whose root directory is the export root, on the local file system. */
  Configuration conf() {
    return conf;
  }

  /**
   * The regions that held the table's rows when the snapshot was taken, in key order: every region of the
   * manifest but split parents, whose files their daughters refer to (loading both would load those cells twice).
   *
   * @throws ImportException if they do not cover the whole key space once
   */
  List<SnapshotRegionManifest> servingRegions() throws ImportException {
    List<SnapshotRegionManifest> serving = new ArrayList<>();
    for (SnapshotRegionManifest region : regions) {
      if (!info(region).isSplitParent()) {
        serving.add(region);
      }
    }
    if (serving.isEmpty()) {
      throw new ImportException("the snapshot's manifest lists no region of " + table.getTableName());
    }
    serving.sort(Comparator.comparing(region -> info(region).getStartKey(), Bytes.BYTES_COMPARATOR));
    byte[] expectedStart = new byte[0];
    for (SnapshotRegionManifest region : serving) {
      RegionInfo info = info(region);
      if (!Bytes.equals(expectedStart, info.getStartKey())) {
        throw new ImportException("the snapshot's regions do not cover the table's keys: after '"
            + Bytes.toStringBinary(expectedStart) + "' the next region starts at '"
            + Bytes.toStringBinary(info.getStartKey()) + "'");
      }
      expectedStart = info.getEndKey();
    }
    if (expectedStart.length != 0) {
      throw new ImportException("the snapshot's regions do not reach the end of the table's keys");
    }
    return serving;
  }

  static RegionInfo info(SnapshotRegionManifest region) {
    return ProtobufUtil.toRegionInfo(region.getRegionInfo());
  }
}
