package io.basalt.storage.transfer;

import io.basalt.storage.Table;
import io.basalt.storage.errors.StorageException;
import io.basalt.storage.transfer.RangeReader.FamilyCells;
import java.util.Arrays;
import java.util.HexFormat;
import org.rocksdb.RocksIterator;

/**
 * A SHA-256 hash of every stored key and value of a row range of a table, across all its families in family-name
 * order, read at one moment: two replicas of a tablet hold the same cells exactly when their digests are equal. It
 * hashes what RocksDB stores, delete markers and every internal type code included, and not what a read would
 * return, so replicas that would answer alike but store differently (one has compacted a deleted cell away) differ;
 * replicas fed the same writes, or one rebuilt from the other's export, do not. Family names enter the hash, column
 * family names do not (stores name those independently). The exact bytes hashed are {@link DigestBuilder}'s.
 *
 * <p>SHA-256 rather than a faster non-cryptographic hash: it is in every JDK, and with the CPU's SHA extensions it
 * hashed some 890 MB/s on the build machine (120-byte updates, as cells come), several times what reading the cells
 * out of RocksDB runs at, so a faster hash would not make a digest noticeably faster (see {@link TabletExporter}).
 */
public final class TabletDigest {
  private final byte[] sha256;

  TabletDigest(byte[] sha256) {
    if (sha256.length != 32) {
      throw new IllegalArgumentException("a SHA-256 digest has 32 bytes, not " + sha256.length);
    }
    this.sha256 = sha256.clone();
  }

  /** Digest of rows {@code [startRow, endRow)} (empty bounds are open) as they are now. */
  public static TabletDigest of(Table table, byte[] startRow, byte[] endRow) throws StorageException {
    try (ReadPoint now = ReadPoint.take(table)) {
      return of(table, startRow, endRow, now);
    }
  }

  /** Digest of rows {@code [startRow, endRow)} (empty bounds are open) as they were at {@code at}. */
  public static TabletDigest of(Table table, byte[] startRow, byte[] endRow, ReadPoint at) throws StorageException {
    DigestBuilder digest = new DigestBuilder();
    RangeReader.read(table, startRow, endRow, at, "digesting rows of table " + table.name(), families -> {
      for (FamilyCells family : families) {
        digest.family(family.family().name());
        RocksIterator cells = family.cells();
        for (cells.seekToFirst(); cells.isValid(); cells.next()) {
          digest.cell(cells.key(), cells.value());
        }
        cells.status();
      }
      return null;
    });
    return digest.finish();
  }

  /** The 32 bytes of the hash. */
  public byte[] bytes() {
    return sha256.clone();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof TabletDigest other && Arrays.equals(sha256, other.sha256);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(sha256);
  }

  /** {@code sha256:} and the hash in lower-case hex. */
  @Override
  public String toString() {
    return "sha256:" + HexFormat.of().formatHex(sha256);
  }
}
