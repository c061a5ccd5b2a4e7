package io.basalt.storage;

/**
 * The approximate space one tablet's rows take across its table's families. RocksDB estimates file bytes from
 * its block indexes, so a tablet smaller than a block may show none; the uncompressed, index and filter bytes are
 * the file bytes scaled by those proportions in the files that hold the tablet's rows.
 *
 * @param fileBytes bytes of sorted files on disk
 * @param uncompressedBytes the same data before compression (keys and values as written)
 * @param indexBytes block index bytes of those files
 * @param filterBytes bloom filter bytes of those files
 * @param memtableBytes bytes still in memtables, not yet flushed to files
 * @param fileCount sorted files holding some of the tablet's rows (a file may hold rows of several tablets)
 */
public record TabletSize(long fileBytes, long uncompressedBytes, long indexBytes, long filterBytes,
    long memtableBytes, int fileCount) {

  public static final TabletSize EMPTY = new TabletSize(0, 0, 0, 0, 0, 0);

  public TabletSize plus(TabletSize other) {
    return new TabletSize(fileBytes + other.fileBytes, uncompressedBytes + other.uncompressedBytes,
        indexBytes + other.indexBytes, filterBytes + other.filterBytes, memtableBytes + other.memtableBytes,
        fileCount + other.fileCount);
  }
}
