package io.basalt.tools.snapshot;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.io.HFileLink;
import org.apache.hadoop.hbase.io.Reference;
import org.apache.hadoop.hbase.regionserver.StoreFileInfo;
import org.apache.hadoop.hbase.shaded.protobuf.generated.SnapshotProtos.SnapshotRegionManifest;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.hbase.util.CommonFSUtils;
import org.apache.hadoop.hbase.util.Pair;

/**
 * Finds the HFile behind each store file of a snapshot's regions, as HBase would under the export root: a plain
 * name is a file of the region itself, a link ({@code table=region-hfile}) one of another table's region, and a
 * reference ({@code hfile.parentregion}, its split key and half in the manifest) a half of the split parent's file.
 * ExportSnapshot puts them all under {@code archive/}; {@link HFileLink} looks there and in the other places a
 * cluster keeps them. Every file is found before anything is created, so that a missing one is reported, by name,
 * before the table exists.
 */
final class SnapshotFiles {
  private final Configuration conf;
  private final FileSystem files;
  private final TableName table;

  SnapshotFiles(ExportedSnapshot snapshot) throws IOException {
    this.conf = snapshot.conf();
    this.files = FileSystem.getLocal(conf);
    this.table = snapshot.tableName();
  }

  /** The files of one region, family by family, in the manifest's order. */
  List<SnapshotFile> of(SnapshotRegionManifest region) throws IOException {
    RegionInfo info = ExportedSnapshot.info(region);
    List<SnapshotFile> found = new ArrayList<>();
    for (SnapshotRegionManifest.FamilyFiles family : region.getFamilyFilesList()) {
      byte[] familyName = family.getFamilyName().toByteArray();
      for (SnapshotRegionManifest.StoreFile storeFile : family.getStoreFilesList()) {
        found.add(resolve(info, familyName, storeFile));
      }
    }
    return found;
  }

  private SnapshotFile resolve(RegionInfo region, byte[] family, SnapshotRegionManifest.StoreFile storeFile)
      throws IOException {
    String name = storeFile.getName();
    String familyName = Bytes.toString(family);
    HFileLink link;
    Reference reference = null;
    if (storeFile.hasReference()) {
      reference = Reference.convert(storeFile.getReference());
      Pair<String, String> parentAndFile = StoreFileInfo.getReferredToRegionAndFile(name);
      link = linkTo(parentAndFile.getFirst(), familyName, parentAndFile.getSecond());
    } else {
      link = linkTo(region.getEncodedName(), familyName, name);
    }
    FileStatus status;
    try {
      status = link.getFileStatus(files);
    } catch (FileNotFoundException e) {
      throw new ImportException("missing HFile " + name + " of region " + region.getEncodedName() + ", family "
          + familyName + ": not at " + link.getArchivePath() + " nor where a cluster keeps it");
    }
    return new SnapshotFile(family, name, status.getPath(), reference, status.getLen());
  }

  /** Where a store file named {@code name} of {@code region} and {@code family} of the table lives. */
  private HFileLink linkTo(String region, String family, String name) throws IOException {
    if (HFileLink.isHFileLink(name)) {
      Path inTable = new Path(new Path(new Path(CommonFSUtils.getTableDir(CommonFSUtils.getRootDir(conf), table),
          region), family), name);
      return HFileLink.buildFromHFileLinkPattern(conf, inTable);
    }
    return HFileLink.build(conf, table, region, family, name);
  }
}
