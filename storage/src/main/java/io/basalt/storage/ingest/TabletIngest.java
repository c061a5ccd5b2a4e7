package io.basalt.storage.ingest;

import io.basalt.storage.Table;
import io.basalt.storage.catalog.FamilyDefinition;
import io.basalt.storage.errors.StorageException;
import io.basalt.storage.errors.UnknownFamilyException;
import io.basalt.storage.keys.ByteArrays;
import io.basalt.storage.keys.CellKeys;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.IngestExternalFileOptions;
import org.rocksdb.RocksDBException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Cells written into new SST files, one per family, and then added to a table's rows {@code [lowRow, highRow)} as
 * one change: a bulk load of a tablet. Writing takes no lock and nothing of it is visible; {@link #commit} ingests
 * the files while no write to the table and no read of it can start, so a reader sees every family's new cells or
 * none of them (a cursor opened before reads on without them). Ingested cells take sequence numbers above
 * everything the table held, so where a cell of the same key was stored, the ingested one is what reads see, and a
 * later write of that key replaces it again.
 *
 * <p>RocksDB's C++ {@code IngestExternalFiles} would ingest several column families as one change, but rocksdbjni
 * has no binding for it (see {@code TabletImporter}): the families are ingested one after another under the
 * table's lock instead, which holds its writes and cursor openings off for as long as the ingestion takes (the files
 * are moved, not copied, and memtables holding keys in their range are flushed first). A failure part way through
 * that (a full disk) can leave some families ingested; everything that can be checked beforehand (the families, the
 * rows, the files themselves) is checked before the first.
 *
 * <p>Not for replicated tables: their writes go through their tablets' Raft logs, and an ingested file would reach
 * only this replica. Close to remove the files not ingested.
 */
public final class TabletIngest implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(TabletIngest.class);

  private final Table table;
  private final Path directory;
  private final byte[] lowRow;
  private final byte[] highRow;
  private final Map<String, FamilyFile> families = new LinkedHashMap<>();
  private boolean committed;

  /** The file of one family, and the column family it was written for. */
  private record FamilyFile(FamilyDefinition family, CellFileWriter writer, SstWriterOptions options) {}

  private TabletIngest(Table table, Path directory, byte[] lowRow, byte[] highRow) {
    this.table = table;
    this.directory = directory;
    this.lowRow = lowRow;
    this.highRow = highRow;
  }

  /**
   * Begins an ingestion of rows {@code [lowRow, highRow)} (an empty {@code highRow}: to the table's end), its files
   * written in {@code directory}, a new directory created here on the store's file system (so that ingesting them
   * moves them rather than copies them).
   */
  public static TabletIngest begin(Table table, Path directory, byte[] lowRow, byte[] highRow)
      throws StorageException {
    if (table.isReplicated()) {
      throw new StorageException("table " + table.name() + " is replicated: files cannot be ingested into it");
    }
    try {
      Files.createDirectories(directory.getParent());
      Files.createDirectory(directory);
    } catch (IOException e) {
      throw new StorageException("cannot create " + directory + " for an ingestion into " + table.name() + ": "
          + e.getMessage(), e);
    }
    return new TabletIngest(table, directory, lowRow.clone(), highRow.clone());
  }

  /** The writer of a family's cells, opened at its first use. */
  public CellFileWriter family(byte[] name) throws StorageException {
    String key = ByteArrays.toPrintable(name);
    FamilyFile open = families.get(key);
    if (open != null) {
      return open.writer();
    }
    Optional<FamilyDefinition> family = table.definition().family(name);
    if (family.isEmpty()) {
      throw new UnknownFamilyException(table.name(), name);
    }
    SstWriterOptions options = new SstWriterOptions(family.get().options());
    try {
      CellFileWriter writer = new CellFileWriter(directory.resolve(families.size() + ".sst"), options);
      families.put(key, new FamilyFile(family.get(), writer, options));
      return writer;
    } catch (RocksDBException e) {
      options.close();
      throw new StorageException("cannot open a file for family " + key + " in " + directory + ": "
          + e.getMessage(), e);
    }
  }

  /**
   * Whether the table stores a cell of exactly these coordinates and type now: for a load that must leave stored
   * cells standing where its own have the same key (HBase's bulk load without an assigned sequence number).
   */
  public boolean stores(byte[] family, byte[] row, byte[] qualifier, long timestamp, int type)
      throws StorageException {
    byte[] key = CellKeys.encode(row, qualifier, timestamp, type);
    return table.withColumnFamilies("looking up a cell of table " + table.name(), (db, definition, handles) -> {
      List<FamilyDefinition> families = definition.families();
      for (int i = 0; i < families.size(); i++) {
        if (families.get(i).hasName(family)) {
          return db.keyExists(handles.get(i), key);
        }
      }
      throw new UnknownFamilyException(table.name(), family);
    });
  }

  /**
   * Completes the files and ingests them, each into its family, as one change to readers.
   *
   * @return the entries (cells and erasures) ingested
   * @throws StorageException if a cell lies outside the rows, a family was dropped or created anew since its file
   *     was begun (nothing is ingested then), or an ingestion failed
   */
  public long commit() throws StorageException {
    if (committed) {
      throw new IllegalStateException("already committed");
    }
    committed = true;
    List<FamilyFile> written = new ArrayList<>();
    long entries = 0;
    for (FamilyFile file : families.values()) {
      try {
        if (file.writer().finish()) {
          checkRows(file);
          written.add(file);
          entries += file.writer().entries();
        }
      } catch (RocksDBException e) {
        throw new StorageException("cannot complete " + file.writer().file() + ": " + e.getMessage(), e);
      }
    }
    if (written.isEmpty()) {
      return 0;
    }
    table.withColumnFamiliesQuiet("ingesting files into table " + table.name(), (db, definition, handles) -> {
      List<ColumnFamilyHandle> targets = new ArrayList<>();
      for (FamilyFile file : written) {
        targets.add(handles.get(indexOf(definition.families(), file.family())));
      }
      try (IngestExternalFileOptions options = new IngestExternalFileOptions().setMoveFiles(true)
          // Memtables holding keys in a file's range are flushed first, so the file's cells can go above them.
          .setAllowBlockingFlush(true).setAllowGlobalSeqNo(true).setWriteGlobalSeqno(false)) {
        for (int i = 0; i < written.size(); i++) {
          db.ingestExternalFile(targets.get(i), List.of(written.get(i).writer().file().toString()), options);
        }
      }
      return null;
    });
    return entries;
  }

  /** The family's index among the table's families now, if it is still the column family the file was for. */
  private int indexOf(List<FamilyDefinition> current, FamilyDefinition family) throws StorageException {
    for (int i = 0; i < current.size(); i++) {
      if (current.get(i).columnFamilyName().equals(family.columnFamilyName())) {
        return i;
      }
    }
    throw new StorageException("family " + ByteArrays.toPrintable(family.name()) + " of table " + table.name()
        + " was dropped or truncated while files were written for it; nothing was ingested");
  }

  private void checkRows(FamilyFile file) throws StorageException {
    byte[] first = file.writer().firstRow();
    byte[] last = file.writer().lastRow();
    if (ByteArrays.compare(first, lowRow) < 0 || (highRow.length > 0 && ByteArrays.compare(last, highRow) >= 0)) {
      throw new StorageException("rows " + ByteArrays.toPrintable(first) + " to " + ByteArrays.toPrintable(last)
          + " of family " + ByteArrays.toPrintable(file.family().name()) + " lie outside the rows "
          + ByteArrays.toPrintable(lowRow) + " to " + ByteArrays.toPrintable(highRow) + " being loaded");
    }
  }

  @Override
  public void close() {
    for (FamilyFile file : families.values()) {
      file.writer().close();
      file.options().close();
    }
    try (var left = Files.list(directory)) {
      for (Path path : (Iterable<Path>) left::iterator) {
        Files.deleteIfExists(path);
      }
      Files.deleteIfExists(directory);
    } catch (IOException e) {
      // Files never ingested; the caller's directory of ingestions is cleared when the server next starts.
      LOG.warn("Could not remove {}: {}", directory, e.getMessage());
    }
  }
}
