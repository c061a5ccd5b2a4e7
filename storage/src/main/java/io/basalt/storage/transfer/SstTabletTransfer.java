package io.basalt.storage.transfer;

import io.basalt.storage.Table;
import io.basalt.storage.TabletTransfer;
import io.basalt.storage.errors.StorageException;
import io.basalt.storage.keys.ByteArrays;
import java.nio.file.Path;
import java.util.Arrays;
import org.rocksdb.Snapshot;

/**
 * A cluster member's tablets moved as this package moves them: {@link TabletExporter} at a read point on the
 * caller's RocksDB snapshot, {@link TabletImporter} after checking the export is of the tablet's rows; compared
 * with {@link TabletDigest}. Stateless.
 */
public final class SstTabletTransfer implements TabletTransfer {
  @Override
  public void export(Table table, byte[] startRow, byte[] endRow, Snapshot snapshot, Path directory)
      throws StorageException {
    try (ReadPoint point = ReadPoint.of(table, snapshot)) {
      TabletExporter.export(table, startRow, endRow, point, directory);
    }
  }

  @Override
  public void importInto(Table table, byte[] startRow, byte[] endRow, Path directory) throws StorageException {
    ExportManifest manifest = ExportManifest.read(directory);
    if (!Arrays.equals(manifest.startRow(), startRow) || !Arrays.equals(manifest.endRow(), endRow)) {
      throw new StorageException("cannot import " + manifest + " as rows [" + ByteArrays.toPrintable(startRow)
          + ", " + ByteArrays.toPrintable(endRow) + ") of table " + table.name() + ": it holds other rows");
    }
    TabletImporter.importInto(table, directory);
  }

  @Override
  public String digest(Table table, byte[] startRow, byte[] endRow, Snapshot snapshot) throws StorageException {
    try (ReadPoint point = ReadPoint.of(table, snapshot)) {
      return TabletDigest.of(table, startRow, endRow, point).toString();
    }
  }
}
