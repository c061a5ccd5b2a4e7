package io.basalt.tools.snapshot;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.shaded.protobuf.ProtobufUtil;
import org.apache.hadoop.hbase.shaded.protobuf.generated.SnapshotProtos.SnapshotDataManifest;
import org.apache.hadoop.hbase.shaded.protobuf.generated.SnapshotProtos.SnapshotDescription;
import org.apache.hadoop.hbase.shaded.protobuf.generated.SnapshotProtos.SnapshotRegionManifest;
import org.apache.hadoop.hbase.snapshot.SnapshotDescriptionUtils;
import org.apache.hadoop.hbase.snapshot.SnapshotManifest;
import org.apache.hadoop.hbase.snapshot.SnapshotManifestV2;
import org.apache.hadoop.hbase.snapshot.SnapshotReferenceUtil;
import org.apache.hbase.thirdparty.com.google.protobuf.ByteString;
import org.apache.hbase.thirdparty.com.google.protobuf.Message;

/**
 * Writes a snapshot's description ({@code .snapshotinfo}, a {@code SnapshotDescription}) and manifest
 * ({@code data.manifest}, a {@code SnapshotDataManifest}: the table's schema, and per region its region info and
 * each family's files with their lengths), layout version 2, with HBase's generated protobuf classes and
 * {@link ProtobufUtil}'s conversions, field for field as HBase 2.6's {@code SnapshotManifestV2} and
 * {@code SnapshotManifest.consolidate} fill them in for an online snapshot (every family of the table listed in
 * every region, with or without files). Then it reads them back with HBase's own {@link SnapshotManifest} and runs
 * {@link SnapshotReferenceUtil#verifySnapshot}, the check ExportSnapshot makes of its source before copying: every
 * file the manifest names must be found under the root, with the length recorded.
 *
 * <p>Why HBase's {@code SnapshotManifest} does not write them too: it builds a region's entry by listing the
 * region's directory through the store file tracker the table's descriptor names (for a table created with the
 * FILE tracker, which Basalt records as HBase does, that lists nothing from a directory without the tracker's own
 * files), it writes a region's entry only if the working directory exists and otherwise passes over it with a
 * warning, and it needs a directory for every region, files or not. {@code SnapshotDescriptionUtils
 * .writeSnapshotInfo} drops a failed write when it can delete the partial file. The messages are a few fields each;
 * reading them back with HBase's classes is the check that they are what HBase expects.
 */
final class SnapshotManifestWriter {
  private SnapshotManifestWriter() {}

  /** The description of a snapshot of {@code table} taken at {@code creationTime}, as HBase's master records one. */
  static SnapshotDescription describe(String name, TableDescriptor table, long creationTime) {
    return SnapshotDescription.newBuilder()
        .setName(name)
        .setTable(table.getTableName().getNameAsString())
        .setCreationTime(creationTime)
        .setType(SnapshotDescription.Type.FLUSH)
        .setVersion(SnapshotManifestV2.DESCRIPTOR_VERSION)
        .setTtl(0)
        .build();
  }

  /**
   * Writes both files into {@code workingDir} and checks them with HBase's reader against the HFiles under the
   * root {@code conf} names.
   */
  static void write(Configuration conf, FileSystem files, Path workingDir, SnapshotDescription description,
      TableDescriptor table, List<RegionExport.ExportedRegion> regions) throws IOException {
    SnapshotDataManifest.Builder manifest = SnapshotDataManifest.newBuilder()
        .setTableSchema(ProtobufUtil.toTableSchema(table));
    for (RegionExport.ExportedRegion region : regions) {
      manifest.addRegionManifests(regionManifest(table, region));
    }
    writeMessage(files, new Path(workingDir, SnapshotDescriptionUtils.SNAPSHOTINFO_FILE), description);
    writeMessage(files, new Path(workingDir, SnapshotManifest.DATA_MANIFEST_NAME), manifest.build());
    verify(conf, files, workingDir, description, table, regions);
  }

  private static SnapshotRegionManifest regionManifest(TableDescriptor table, RegionExport.ExportedRegion region) {
    SnapshotRegionManifest.Builder manifest = SnapshotRegionManifest.newBuilder()
        .setRegionInfo(ProtobufUtil.toRegionInfo(region.info()));
    for (ColumnFamilyDescriptor family : table.getColumnFamilies()) {
      SnapshotRegionManifest.FamilyFiles.Builder familyFiles = SnapshotRegionManifest.FamilyFiles.newBuilder()
          .setFamilyName(ByteString.copyFrom(family.getName()));
      for (RegionExport.FamilyFile file : region.files()) {
        if (Arrays.equals(file.family(), family.getName())) {
          familyFiles.addStoreFiles(SnapshotRegionManifest.StoreFile.newBuilder()
              .setName(file.name()).setFileSize(file.size()));
        }
      }
      manifest.addFamilyFiles(familyFiles);
    }
    return manifest.build();
  }

  private static void writeMessage(FileSystem files, Path path, Message message) throws IOException {
    try (FSDataOutputStream out = files.create(path, false)) {
      message.writeTo(out);
    }
  }

  /** Reads the snapshot back as HBase does and checks every file it names; fails on any difference. */
  private static void verify(Configuration conf, FileSystem files, Path workingDir, SnapshotDescription written,
      TableDescriptor table, List<RegionExport.ExportedRegion> regions) throws IOException {
    SnapshotDescription read = SnapshotDescriptionUtils.readSnapshotInfo(files, workingDir);
    if (!read.equals(written)) {
      throw new ExportException("the snapshot description read back from " + workingDir + " differs from the one"
          + " written");
    }
    SnapshotManifest manifest = SnapshotManifest.open(conf, files, workingDir, read);
    if (!table.equals(manifest.getTableDescriptor())) {
      throw new ExportException("the table descriptor read back from " + workingDir + " differs from the one"
          + " written: " + manifest.getTableDescriptor());
    }
    long filesListed = manifest.getRegionManifests().stream().flatMap(region -> region.getFamilyFilesList().stream())
        .mapToLong(SnapshotRegionManifest.FamilyFiles::getStoreFilesCount).sum();
    long filesWritten = regions.stream().mapToLong(region -> region.files().size()).sum();
    if (manifest.getRegionManifests().size() != regions.size() || filesListed != filesWritten) {
      throw new ExportException("the manifest read back from " + workingDir + " lists "
          + manifest.getRegionManifests().size() + " regions and " + filesListed + " files, not the " + regions.size()
          + " regions and " + filesWritten + " files written");
    }
    SnapshotReferenceUtil.verifySnapshot(conf, files, manifest);
  }
}
