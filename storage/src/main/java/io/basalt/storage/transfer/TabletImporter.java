package io.basalt.storage.transfer;

import io.basalt.storage.Table;
import io.basalt.storage.errors.StorageException;
import io.basalt.storage.transfer.ExportManifest.FamilyExport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.rocksdb.IngestExternalFileOptions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes a table hold, in an export's row range, exactly the export's cells ({@link TabletExporter}): every cell of
 * those rows in every family is deleted, and the export's SST files are ingested in their place. Cells of rows
 * outside the range are untouched. The target may be in another store, with its own column family names; its
 * families must have the export's names.
 *
 * <p>Nothing changes until the whole export has been checked ({@link ExportCheck}: manifest, families, and every
 * file read once with its block checksums verified, which RocksDB's ingestion does not do by default), so a damaged
 * or incomplete export is refused with the target as it was. Then three steps, each durable when it returns:
 * <ol>
 *   <li>The export's files are hard-linked into a staging directory inside the export directory (copied where
 *       links are not possible): RocksDB ingests a file by moving it, and the export must stay whole so the import
 *       can be run again.
 *   <li>If any family holds a cell of the range, one write batch of RocksDB range deletions erases the range in
 *       every family, logged and fsynced, under every row lock ({@link Table#deleteRows}); it is atomic across the
 *       families. A range without cells (a replica whose disk was wiped) gets no deletion, so that RocksDB can put
 *       the files in the last level, under every other file, instead of in level 0 above the deletion (as
 *       {@code TabletTransferTest} checks): when every tablet of a wiped node is installed, the files then need no
 *       compaction, where otherwise each install would add two level-0 files per family and the node's whole data
 *       would be rewritten on its way down.
 *   <li>Each family's file is ingested into the family's column family ({@code IngestExternalFile}, moving the
 *       staged link in and recording the file in RocksDB's manifest; it is never rewritten, so the export's own link
 *       stays intact). The ingested cells get sequence numbers above everything they overlap, the range deletion
 *       included, so they are what reads see.
 * </ol>
 *
 * <p>RocksDB's C++ {@code IngestExternalFiles} can ingest into several column families as one atomic change, but
 * rocksdbjni 10.10.1 has no binding for it (its {@code RocksDB} class offers {@code ingestExternalFile} for one
 * column family only), so each family's ingestion is atomic on its own and the import as a whole is not. A crash,
 * or a failure such as a full disk, during an import therefore leaves one of: the target as it was (before the
 * deletion is synced); the range empty in every family; or the range empty but for some families' export cells,
 * ingested while the others' were not. Readers may see those states too while the import runs, so the caller keeps
 * requests and writes away from the range until it returns (a replica installing a snapshot serves nothing of the
 * tablet meanwhile). Any of those states is repaired by running the import again on the same export, which gives
 * exactly the cells a single run gives: the deletion removes whatever the earlier run ingested, and the files are
 * ingested anew. So the caller records that an install is in progress before the first run, and runs it again after
 * a crash until one run returns. {@code ImportCrashTest} kills imports in a child JVM at moments spread through
 * them and checks both: each left one of these states, and the next run gave the export's cells.
 *
 * <p>Cost: checking reads every file once; the staging links and ingestion copy nothing when the export directory is
 * on the store's file system (elsewhere RocksDB copies each file once). The deleted cells' space comes back when
 * compactions reach the range. See {@link TabletExporter} for measured numbers.
 */
public final class TabletImporter {
  private static final Logger LOG = LoggerFactory.getLogger(TabletImporter.class);
  /** Inside the export directory; a name no export file has, and removed before and after every import. */
  static final String STAGING = ".ingesting";

  private TabletImporter() {}

  /**
   * Replaces the cells of the export's row range in {@code table} by the export's.
   *
   * @return the manifest of the export that was imported
   * @throws StorageException if the export is incomplete, damaged or of other families (nothing has changed then),
   *     or if the import failed part way (run it again)
   */
  public static ExportManifest importInto(Table table, Path directory) throws StorageException {
    long started = System.nanoTime();
    ExportManifest manifest = ExportCheck.readManifest(directory);
    ExportCheck.checkFamilies(manifest, table.definition());
    ExportCheck.checkFiles(manifest, directory);
    long checked = System.nanoTime();
    Path staging = directory.resolve(STAGING);
    try {
      stage(manifest, directory, staging);
      if (holdsAnyCell(table, manifest)) {
        table.deleteRows(manifest.startRow(), manifest.endRow());
      }
      ingest(table, manifest, staging);
    } finally {
      removeStaging(staging);
    }
    long done = System.nanoTime();
    LOG.info("Imported {} into table {} in {} ms ({} ms checking the files)", manifest, table.name(),
        (done - started) / 1_000_000, (checked - started) / 1_000_000);
    return manifest;
  }

  private static void stage(ExportManifest manifest, Path directory, Path staging) throws StorageException {
    try {
      ExportFiles.removeTree(staging);
      Files.createDirectory(staging);
      for (FamilyExport family : manifest.families()) {
        if (family.hasFile()) {
          ExportFiles.linkOrCopy(staging.resolve(family.fileName()), directory.resolve(family.fileName()));
        }
      }
    } catch (IOException e) {
      throw new StorageException("cannot stage the files of " + manifest + " in " + staging + ": " + e.getMessage(),
          e);
    }
  }

  /**
   * Whether any family of the table has a cell in the export's rows now. When none has (a replica whose disk was
   * wiped), there is nothing to delete, and no range deletion written means none for the ingested files to be
   * stacked above: RocksDB places each in the lowest level where no file's key range overlaps it, often the last,
   * where no compaction has to move it down again.
   */
  private static boolean holdsAnyCell(Table table, ExportManifest manifest) throws StorageException {
    try (ReadPoint now = ReadPoint.take(table)) {
      return RangeReader.read(table, manifest.startRow(), manifest.endRow(), now,
          "reading the rows of table " + table.name() + " to be replaced", families -> {
            for (RangeReader.FamilyCells family : families) {
              family.cells().seekToFirst();
              if (family.cells().isValid()) {
                return true;
              }
              family.cells().status();
            }
            return false;
          });
    }
  }

  /**
   * Ingests each family's staged file. A RocksDB failure (a full disk among them) leaves the range partly imported,
   * which the next run of the import repairs.
   */
  private static void ingest(Table table, ExportManifest manifest, Path staging) throws StorageException {
    table.withColumnFamilies("ingesting an export into table " + table.name() + " (run the import again)",
        (db, definition, handles) -> {
          // The families may have changed since they were checked; if the export no longer fits, nothing is ingested.
          ExportCheck.checkFamilies(manifest, definition);
          try (IngestExternalFileOptions options = new IngestExternalFileOptions()
              .setMoveFiles(true)
              // The staged file shares its data with the export's own link: record its sequence number in
              // RocksDB's manifest, never by rewriting the file.
              .setWriteGlobalSeqno(false)
              .setAllowGlobalSeqNo(true)
              // Memtables holding keys the files overlap (the range deletion, say) are flushed first, and waited for.
              .setAllowBlockingFlush(true)) {
            List<FamilyExport> families = manifest.families();
            for (int i = 0; i < families.size(); i++) {
              FamilyExport family = families.get(i);
              if (family.hasFile()) {
                db.ingestExternalFile(handles.get(i), List.of(staging.resolve(family.fileName()).toString()),
                    options);
              }
            }
          }
          return null;
        });
  }

  private static void removeStaging(Path staging) {
    try {
      ExportFiles.removeTree(staging);
    } catch (IOException e) {
      // Only extra links to the export's files are left; the next import of this export removes them first.
      LOG.warn("Could not remove the staging directory {}: {}", staging, e.getMessage());
    }
  }
}
