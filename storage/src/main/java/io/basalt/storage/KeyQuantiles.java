package io.basalt.storage;

import io.basalt.storage.keys.ByteArrays;
import io.basalt.storage.keys.CellKeys;
import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.Range;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.SizeApproximationFlag;
import org.rocksdb.Slice;

/**
 * Rows that cut a table into parts of roughly equal stored bytes, found without reading its data: the key space is
 * halved again and again, each piece's bytes shared between its halves as RocksDB's size estimates of the two
 * (from the files' block indexes and the memtables' statistics) divide them, until every piece holds at most a
 * quarter of a part; the cuts fall where the running
 * total crosses each part's share, snapped to the first row stored at or after them. Bytes stand in for rows: rows of
 * one table are alike enough in size for a heatmap's buckets, and counting rows would mean reading them all.
 *
 * <p>Snapping reads one data block per cut, with the block cache left as it was (see {@link #uncached}).
 *
 * <p>Both halves are estimated, not the left one alone with the rest given to the right: a memtable's estimate is
 * its skip list's sampled entry count, low by a varying amount, and the remainders piled up on the right-most pieces
 * (of 150 cuts of 2,000 rows in a memtable into 4 parts, 2 gave two cuts, the last two shares ending in one piece;
 * with both halves estimated 150 of 150 gave three, no part above half the rows).
 *
 * <p>Cost: about sixteen size estimates per part, each a few microseconds, whatever the table's size, and one seek
 * per part to snap the cut to a row, which dominates: a 1,000-part cut of a flushed 300,000-row table of 100 MB
 * took 70 to 110 ms warm (8 runs; 64 to 112 ms estimating the left halves alone) on the 2-core development
 * machine. The Key Visualizer cuts each active table once an hour.
 */
final class KeyQuantiles {
  /** Pieces smaller than a part by this factor stop halving: the cuts land within a quarter of a part. */
  private static final int PIECES_PER_PART = 4;
  /** Most halvings of the key space: a piece this narrow (keys alike in their first 8 bytes) is not cut further. */
  private static final int MAX_HALVINGS = 64;

  private KeyQuantiles() {}

  /** Up to {@code parts - 1} distinct rows in ascending order; none for an empty table. */
  static List<byte[]> of(RocksDB db, List<ColumnFamilyHandle> families, int parts) throws RocksDBException {
    byte[] high = null;
    for (ColumnFamilyHandle family : families) {
      byte[] last = lastKey(db, family);
      if (last != null && (high == null || ByteArrays.compare(last, high) > 0)) {
        high = last;
      }
    }
    if (high == null || parts < 2) {
      return List.of();
    }
    high = Arrays.copyOf(high, high.length + 1); // past the last key
    byte[] low = new byte[0];
    long total = size(db, families, low, high);
    if (total == 0) {
      return List.of();
    }
    List<Piece> pieces = weigh(db, families, new Piece(low, high, total), Math.max(1, total / parts
        / PIECES_PER_PART));
    List<byte[]> cuts = new ArrayList<>();
    long running = 0;
    int next = 1;
    for (Piece piece : pieces) {
      running += piece.bytes;
      while (next < parts && running >= total * next / parts) {
        byte[] row = firstRowAtOrAfter(db, families, piece.high);
        if (row != null && (cuts.isEmpty() || Arrays.compareUnsigned(row, cuts.get(cuts.size() - 1)) > 0)) {
          cuts.add(row);
        }
        next++;
      }
    }
    return cuts;
  }

  /** A key range {@code [low, high)} and its estimated bytes. */
  private record Piece(byte[] low, byte[] high, long bytes) {}

  /** The range cut into pieces of at most {@code pieceBytes} (or that cannot be halved), in key order. */
  private static List<Piece> weigh(RocksDB db, List<ColumnFamilyHandle> families, Piece whole, long pieceBytes)
      throws RocksDBException {
    List<Piece> done = new ArrayList<>();
    Deque<Piece> stack = new ArrayDeque<>();
    Deque<Integer> depths = new ArrayDeque<>();
    stack.push(whole);
    depths.push(0);
    while (!stack.isEmpty()) {
      Piece piece = stack.pop();
      int depth = depths.pop();
      byte[] middle = piece.bytes <= pieceBytes || depth >= MAX_HALVINGS ? null : middle(piece.low, piece.high);
      if (middle == null) {
        done.add(piece);
        continue;
      }
      long leftEstimate = size(db, families, piece.low, middle);
      long both = leftEstimate + size(db, families, middle, piece.high);
      long left = both == 0 ? piece.bytes / 2 : (long) ((double) piece.bytes * leftEstimate / both);
      // The right half is pushed first so that the left is taken first: pieces come out in key order.
      stack.push(new Piece(middle, piece.high, piece.bytes - left));
      depths.push(depth + 1);
      stack.push(new Piece(piece.low, middle, left));
      depths.push(depth + 1);
    }
    return done;
  }

  /** The key halfway between two, as numbers of their longer length plus a byte; null if none lies between. */
  static byte[] middle(byte[] low, byte[] high) {
    int width = Math.max(low.length, high.length) + 1;
    BigInteger a = new BigInteger(1, Arrays.copyOf(low, width));
    BigInteger b = new BigInteger(1, Arrays.copyOf(high, width));
    BigInteger mid = a.add(b).shiftRight(1);
    if (mid.compareTo(a) <= 0) {
      return null;
    }
    byte[] bytes = mid.toByteArray();
    byte[] key = new byte[width];
    int copy = Math.min(bytes.length, width);
    System.arraycopy(bytes, bytes.length - copy, key, width - copy, copy);
    int length = width;
    while (length > 0 && key[length - 1] == 0) {
      length--;
    }
    byte[] trimmed = Arrays.copyOf(key, length);
    return ByteArrays.compare(trimmed, low) > 0 ? trimmed : key;
  }

  private static long size(RocksDB db, List<ColumnFamilyHandle> families, byte[] low, byte[] high) {
    long bytes = 0;
    try (Slice start = new Slice(low); Slice limit = new Slice(high)) {
      Range range = new Range(start, limit);
      for (ColumnFamilyHandle family : families) {
        bytes += db.getApproximateSizes(family, List.of(range), SizeApproximationFlag.INCLUDE_FILES,
            SizeApproximationFlag.INCLUDE_MEMTABLES)[0];
      }
    }
    return bytes;
  }

  /**
   * Reads that leave the block cache as it was: a cut seeks into a thousand data blocks no request asked for, which
   * would push out the blocks requests use.
   */
  private static ReadOptions uncached() {
    return new ReadOptions().setFillCache(false);
  }

  private static byte[] lastKey(RocksDB db, ColumnFamilyHandle family) throws RocksDBException {
    try (ReadOptions options = uncached(); RocksIterator iterator = db.newIterator(family, options)) {
      iterator.seekToLast();
      if (iterator.isValid()) {
        return iterator.key();
      }
      iterator.status();
      return null;
    }
  }

  /** The first row any family stores at or after {@code key}, or null if none does. */
  private static byte[] firstRowAtOrAfter(RocksDB db, List<ColumnFamilyHandle> families, byte[] key)
      throws RocksDBException {
    byte[] first = null;
    for (ColumnFamilyHandle family : families) {
      try (ReadOptions options = uncached(); RocksIterator iterator = db.newIterator(family, options)) {
        iterator.seek(key);
        if (iterator.isValid()) {
          byte[] row = CellKeys.decodeRow(iterator.key());
          if (first == null || Arrays.compareUnsigned(row, first) < 0) {
            first = row;
          }
        } else {
          iterator.status();
        }
      }
    }
    return first;
  }
}
