package io.basalt.tools.snapshot;

import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.io.Reference;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * One store file a snapshot's region names, found under the export root.
 *
 * @param family the family it belongs to
 * @param name its name in the manifest (a link or a reference names another region's file)
 * @param path the HFile holding its cells: the file itself, or the parent's file a reference points into
 * @param reference for a split daughter's reference, which half of {@code path} is the daughter's; else null
 * @param size the bytes of {@code path}
 */
record SnapshotFile(byte[] family, String name, Path path, Reference reference, long size) {
  boolean isReference() {
    return reference != null;
  }

  String familyName() {
    return Bytes.toString(family);
  }
}
