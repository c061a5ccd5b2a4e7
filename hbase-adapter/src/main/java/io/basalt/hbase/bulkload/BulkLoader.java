package io.basalt.hbase.bulkload;

import io.basalt.hbase.errors.StorageErrors;
import io.basalt.hbase.region.TabletRegion;
import io.basalt.hbase.write.Durabilities;
import io.basalt.storage.Table;
import io.basalt.storage.errors.StorageException;
import io.basalt.storage.ingest.CellFileWriter;
import io.basalt.storage.ingest.TabletIngest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.io.hfile.CorruptHFileException;
import org.apache.hadoop.hbase.util.Bytes;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * HBase's bulk load into one region: HFiles, each of one family, read with HBase's HFile reader and written into
 * new store files of the region's rows, which are then added to the table as one change ({@link TabletIngest}).
 *
 * <p>As HBase's region server: a family the table lacks is refused; a file whose rows no longer fit the region (it
 * split since the client grouped its files) makes the call answer "not loaded", and the client groups and splits its
 * files again; the region's recent writes are flushed first when the client asks for a sequence number to be
 * assigned (its default), and the loaded cells then stand above every cell the table held of the same coordinates,
 * below every later write; without one (only a load that comes without a token, see {@code BulkLoadHandlers}), HBase
 * counts the files older than every other file of the store, and the cells the table held of the same coordinates
 * stand above the loaded ones. The files stay where they are: HBase copies files from a file system other than its
 * own HDFS, and the local file system is never that. Checked beyond HBase: every cell belongs to the family its
 * file is loaded into, and every file is read whole before anything of the call becomes visible, so a damaged file
 * loads nothing.
 *
 * <p>Files are written under {@code staging} (on the store's file system, so that ingesting them moves them); what a
 * stop left there is removed at the next start.
 */
public final class BulkLoader {
  private static final Logger LOG = LoggerFactory.getLogger(BulkLoader.class);

  private final Path staging;
  private final Configuration conf;
  private final AtomicLong loads = new AtomicLong();

  /** One HFile a call names and the family it is loaded into. */
  public record FamilyFile(byte[] family, String path) {}

  public BulkLoader(Path staging) throws IOException {
    this.staging = staging;
    this.conf = HBaseConfiguration.create();
    removeLeftovers(staging);
  }

  /** A token for a client's bulk load (what HBase's PrepareBulkLoad names its staging directory by). */
  public String prepare(RegionInfo region, String user) {
    return "basalt-bulkload:" + user + ":" + region.getTable().getNameAsString() + ":" + UUID.randomUUID();
  }

  /**
   * Loads files into a region.
   *
   * @param assignSequence whether the region's recent writes are flushed first (HBase's {@code assign_seq_num})
   * @return false, loading nothing, if a file's rows lie outside the region
   */
  public boolean load(TabletRegion region, List<FamilyFile> files, boolean assignSequence)
      throws IOException {
    RegionInfo info = region.info();
    Map<String, List<FamilyFile>> byFamily = new LinkedHashMap<>();
    for (FamilyFile file : files) {
      if (!region.table().descriptor().hasColumnFamily(file.family())) {
        throw new DoNotRetryIOException("No such column family " + Bytes.toStringBinary(file.family()));
      }
      byFamily.computeIfAbsent(Bytes.toStringBinary(file.family()), name -> new ArrayList<>()).add(file);
    }
    List<HFileSource> opened = new ArrayList<>();
    try {
      Map<String, List<HFileSource>> sources = new LinkedHashMap<>();
      for (Map.Entry<String, List<FamilyFile>> family : byFamily.entrySet()) {
        List<HFileSource> ofFamily = new ArrayList<>();
        for (FamilyFile file : family.getValue()) {
          HFileSource source = HFileSource.open(file.path(), conf);
          opened.add(source);
          if (!source.isEmpty() && !fits(source, info)) {
            LOG.info("Bulk load into {}: {} holds rows {} to {}, outside the region; the client regroups",
                info.getRegionNameAsString(), source, Bytes.toStringBinary(source.firstRow()),
                Bytes.toStringBinary(source.lastRow()));
            return false;
          }
          ofFamily.add(source);
        }
        sources.put(family.getKey(), ofFamily);
      }
      if (assignSequence) {
        region.flush();
      }
      long cells = ingest(region, byFamily, sources, assignSequence);
      region.countBulkLoad(cells);
      return true;
    } finally {
      for (HFileSource source : opened) {
        try {
          source.close();
        } catch (IOException e) {
          LOG.warn("Could not close {}: {}", source, e.getMessage());
        }
      }
    }
  }

  /**
   * Writes the files' cells into the region: on a single node into new store files ingested as one change, in a
   * cluster through the tablets' logs ({@link ReplicatedRows}).
   */
  private long ingest(TabletRegion region, Map<String, List<FamilyFile>> byFamily,
      Map<String, List<HFileSource>> sources, boolean above) throws IOException {
    RegionInfo info = region.info();
    Table table = region.table().storage();
    long started = System.nanoTime();
    try {
      long entries;
      if (table.isReplicated()) {
        if (!above) {
          throw new DoNotRetryIOException("a bulk load without a token and without an assigned sequence number is"
              + " not served in cluster mode");
        }
        entries = convert(region, byFamily, sources, null,
            family -> new ReplicatedRows(table, family, Durabilities.of(
                org.apache.hadoop.hbase.client.Durability.USE_DEFAULT, region.table().durability())));
      } else {
        Path directory = staging.resolve(info.getEncodedName() + "-" + loads.incrementAndGet());
        try (TabletIngest ingest = TabletIngest.begin(table, directory, info.getStartKey(), info.getEndKey())) {
          convert(region, byFamily, sources, above ? null : ingest, family -> new FileCells(ingest.family(family)));
          entries = ingest.commit();
        }
      }
      LOG.info("Bulk loaded {} entries into {} from {} in {} ms{}", entries, info.getRegionNameAsString(),
          sources.values(), (System.nanoTime() - started) / 1_000_000,
          table.isReplicated() ? " through the tablets' logs" : "");
      return entries;
    } catch (StorageException e) {
      throw StorageErrors.translate(e, info);
    }
  }

  /** A family's sink, opened when its cells begin. */
  @FunctionalInterface
  private interface SinkOpener {
    CellSink open(byte[] family) throws StorageException;
  }

  /** Turns each family's files into its sink's entries; returns the entries written. */
  private static long convert(TabletRegion region, Map<String, List<FamilyFile>> byFamily,
      Map<String, List<HFileSource>> sources, TabletIngest below, SinkOpener sinks) throws IOException {
    List<byte[]> withTtls = new ArrayList<>();
    long entries = 0;
    for (Map.Entry<String, List<HFileSource>> family : sources.entrySet()) {
      byte[] name = byFamily.get(family.getKey()).get(0).family();
      StoredCells cells = new StoredCells(name, region.writer().holdsCellTtls(name), family.getValue().toString(),
          below);
      FamilyMerge merge = FamilyMerge.of(family.getValue());
      for (HFileSource source : family.getValue()) {
        if (source.family() != null && !Arrays.equals(source.family(), name)) {
          throw new DoNotRetryIOException("HFile " + source + " holds cells of family "
              + Bytes.toStringBinary(source.family()) + ", not of family " + Bytes.toStringBinary(name)
              + " it is loaded into");
        }
      }
      CellSink out = sinks.open(name);
      try {
        for (Cell cell = merge.next(); cell != null; cell = merge.next()) {
          cells.write(cell, out);
        }
      } catch (IllegalArgumentException e) {
        // An HFile's cells come sorted unless the file is damaged; its reader does not check.
        throw new CorruptHFileException("the cells of " + family.getValue() + " are not in order: " + e.getMessage(),
            e);
      }
      entries += out.finish();
      if (merge.duplicates() > 0 || cells.passedOver() > 0) {
        LOG.info("Bulk load into {} from {}: {} cells repeating the coordinates of the one before and {} below stored"
            + " cells of their coordinates passed over", region.info().getRegionNameAsString(), family.getValue(),
            merge.duplicates(), cells.passedOver());
      }
      if (cells.sawTtl()) {
        withTtls.add(name);
      }
    }
    region.writer().recordCellTtlFamilies(withTtls);
    return entries;
  }

  /** A family's new store file as a sink; the ingestion counts its entries. */
  private record FileCells(CellFileWriter writer) implements CellSink {
    @Override
    public void put(byte[] row, byte[] qualifier, long timestamp, int type, byte[] value) throws StorageException {
      writer.put(row, qualifier, timestamp, type, value);
    }

    @Override
    public void erase(byte[] row, byte[] qualifier, long timestamp, int type) throws StorageException {
      writer.erase(row, qualifier, timestamp, type);
    }

    @Override
    public long finish() {
      return writer.entries();
    }
  }

  /** Whether the file's rows lie in the region's, as HBase's store checks a file before loading it. */
  private static boolean fits(HFileSource source, RegionInfo region) {
    return Bytes.compareTo(source.firstRow(), region.getStartKey()) >= 0
        && (region.getEndKey().length == 0 || Bytes.compareTo(source.lastRow(), region.getEndKey()) < 0);
  }

  private static void removeLeftovers(Path staging) throws IOException {
    if (!Files.isDirectory(staging)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(staging)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        if (!path.equals(staging)) {
          Files.delete(path);
        }
      }
    }
  }
}
