package io.basalt.hbase.keyviz;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The rows seen most, or the largest, among a minute's sampled requests of one table, in bounded memory: the most
 * frequent by the Space-Saving method (a full tally replaces its smallest entry, which overestimates by at most that
 * entry's count), the largest by keeping the biggest sizes seen. Sampled requests are one in sixteen, so updates are
 * rare enough for a lock.
 */
final class RowTally {
  /** A row and its tally: requests (estimated) for frequent rows, bytes for large ones. */
  record Entry(byte[] row, long value) {}

  private final int capacity;
  private final boolean largest;
  private final Map<Key, long[]> entries = new HashMap<>();

  private RowTally(int capacity, boolean largest) {
    this.capacity = capacity;
    this.largest = largest;
  }

  /** The rows requested most often. */
  static RowTally frequent(int capacity) {
    return new RowTally(capacity, false);
  }

  /** The rows with the most bytes in one request. */
  static RowTally largest(int capacity) {
    return new RowTally(capacity, true);
  }

  /** Counts {@code value} for the row (frequent: requests; largest: the request's bytes). */
  synchronized void add(byte[] row, long value) {
    Key key = new Key(row);
    long[] tally = entries.get(key);
    if (tally != null) {
      tally[0] = largest ? Math.max(tally[0], value) : tally[0] + value;
      return;
    }
    if (entries.size() < capacity) {
      entries.put(new Key(row.clone()), new long[] {value});
      return;
    }
    Map.Entry<Key, long[]> smallest = null;
    for (Map.Entry<Key, long[]> entry : entries.entrySet()) {
      if (smallest == null || entry.getValue()[0] < smallest.getValue()[0]) {
        smallest = entry;
      }
    }
    if (largest && value <= smallest.getValue()[0]) {
      return;
    }
    long floor = largest ? 0 : smallest.getValue()[0];
    entries.remove(smallest.getKey());
    entries.put(new Key(row.clone()), new long[] {floor + value});
  }

  /** The entries, greatest first. */
  synchronized List<Entry> top() {
    List<Entry> top = new ArrayList<>(entries.size());
    entries.forEach((key, tally) -> top.add(new Entry(key.row, tally[0])));
    top.sort(Comparator.comparingLong(Entry::value).reversed());
    return top;
  }

  /** A row as a map key: arrays compare by identity. */
  private record Key(byte[] row) {
    @Override
    public boolean equals(Object other) {
      return other instanceof Key key && Arrays.equals(row, key.row);
    }

    @Override
    public int hashCode() {
      return Arrays.hashCode(row);
    }
  }
}
