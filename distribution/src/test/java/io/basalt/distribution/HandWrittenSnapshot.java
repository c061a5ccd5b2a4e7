package io.basalt.distribution;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;

import java.io.IOException;
import java.nio.file.Path;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.RegionInfoBuilder;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.errorhandling.ForeignExceptionDispatcher;
import org.apache.hadoop.hbase.io.hfile.CacheConfig;
import org.apache.hadoop.hbase.io.hfile.HFile;
import org.apache.hadoop.hbase.io.hfile.HFileContextBuilder;
import org.apache.hadoop.hbase.shaded.protobuf.generated.SnapshotProtos.SnapshotDescription;
import org.apache.hadoop.hbase.snapshot.SnapshotDescriptionUtils;
import org.apache.hadoop.hbase.snapshot.SnapshotManifest;
import org.apache.hadoop.hbase.snapshot.SnapshotManifestV2;
import org.apache.hadoop.hbase.util.CommonFSUtils;

/**
 * A small HBase snapshot made with HBase's own classes, laid out as a cluster's root directory is (which is also
 * where an export's files are found): table {@code snapshotted}, two regions split at m, one HFile each of rows
 * a000-a099 and n000-n099 in family f, and its manifest under {@code .hbase-snapshot/handmade}. Enough for the
 * archive's {@code bin/basalt import-snapshot} to run every step with the jars the archive ships.
 */
final class HandWrittenSnapshot {
  static final String NAME = "handmade";
  static final TableName TABLE = TableName.valueOf("snapshotted");
  static final int CELLS = 200;
  private static final byte[] F = toBytes("f");

  private HandWrittenSnapshot() {}

  /** Writes the snapshot under {@code root}; returns {@code root}. */
  static Path write(Path root) throws IOException {
    Configuration conf = HBaseConfiguration.create();
    conf.set("fs.defaultFS", "file:///");
    conf.set("hbase.rootdir", root.toUri().toString());
    FileSystem files = FileSystem.getLocal(conf);
    org.apache.hadoop.fs.Path rootDir = new org.apache.hadoop.fs.Path(root.toUri());
    TableDescriptor table = TableDescriptorBuilder.newBuilder(TABLE)
        .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(F).setMaxVersions(2).build()).build();
    RegionInfo low = RegionInfoBuilder.newBuilder(TABLE).setEndKey(toBytes("m")).build();
    RegionInfo high = RegionInfoBuilder.newBuilder(TABLE).setStartKey(toBytes("m")).build();
    org.apache.hadoop.fs.Path tableDir = CommonFSUtils.getTableDir(rootDir, TABLE);
    writeHFile(conf, files, tableDir, low, 'a');
    writeHFile(conf, files, tableDir, high, 'n');

    SnapshotDescription description = SnapshotDescription.newBuilder().setName(NAME)
        .setTable(TABLE.getNameAsString()).setType(SnapshotDescription.Type.FLUSH)
        .setVersion(SnapshotManifestV2.DESCRIPTOR_VERSION).build();
    org.apache.hadoop.fs.Path working = new org.apache.hadoop.fs.Path(rootDir, ".hbase-snapshot/.tmp/" + NAME);
    files.mkdirs(working); // as HBase's master makes it: the manifest writes a region's entry only into one there
    SnapshotManifest manifest = SnapshotManifest.create(conf, files, working, description,
        new ForeignExceptionDispatcher());
    manifest.addTableDescriptor(table);
    manifest.addRegion(tableDir, low);
    manifest.addRegion(tableDir, high);
    manifest.consolidate();
    SnapshotDescriptionUtils.writeSnapshotInfo(description, working, files);
    if (!files.rename(working, SnapshotDescriptionUtils.getCompletedSnapshotDir(NAME, rootDir))) {
      throw new IOException("could not complete the snapshot in " + working);
    }
    return root;
  }

  /** One HFile of 100 rows starting with {@code letter}, in the region's family directory. */
  private static void writeHFile(Configuration conf, FileSystem files, org.apache.hadoop.fs.Path tableDir,
      RegionInfo region, char letter) throws IOException {
    org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path(tableDir,
        region.getEncodedName() + "/f/" + UUID.randomUUID().toString().replace("-", ""));
    HFile.Writer writer = HFile.getWriterFactory(conf, CacheConfig.DISABLED).withPath(files, file)
        .withFileContext(new HFileContextBuilder().build()).create();
    try {
      for (int i = 0; i < CELLS / 2; i++) {
        writer.append(new KeyValue(toBytes(String.format("%c%03d", letter, i)), F, toBytes("q"), 1_000L + i,
            toBytes("value " + i)));
      }
    } finally {
      writer.close();
    }
  }
}
