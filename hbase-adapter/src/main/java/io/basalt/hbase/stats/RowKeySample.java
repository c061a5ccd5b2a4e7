package io.basalt.hbase.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * A bounded sample of the rows a tablet's requests touched recently. Each offered row is kept with probability
 * {@code 1/period}, replacing the oldest kept row once the sample is full, so the sample follows where the load is
 * now. Offering costs a random draw; only a kept row is copied. The median of the sample is the row that splits the
 * tablet's recent requests in two, which is where a load-based split would cut.
 */
public final class RowKeySample {
  private final AtomicReferenceArray<byte[]> rows;
  private final AtomicLong kept = new AtomicLong();
  private final int period;

  /**
   * @param capacity most rows kept
   * @param period one row in this many is kept, on average (1 keeps every row)
   */
  public RowKeySample(int capacity, int period) {
    if (capacity < 1 || period < 1) {
      throw new IllegalArgumentException("capacity and period must be positive: " + capacity + ", " + period);
    }
    this.rows = new AtomicReferenceArray<>(capacity);
    this.period = period;
  }

  /** Offers the row {@code row[offset, offset + length)}; the caller may reuse the array afterwards. */
  public void offer(byte[] row, int offset, int length) {
    if (period > 1 && ThreadLocalRandom.current().nextInt(period) != 0) {
      return;
    }
    rows.set((int) (kept.getAndIncrement() % rows.length()), Arrays.copyOfRange(row, offset, offset + length));
  }

  public void offer(byte[] row) {
    offer(row, 0, row.length);
  }

  /** How many rows have been kept since the sample was created, including those since replaced. */
  public long keptCount() {
    return kept.get();
  }

  /** The rows in the sample now, in unsigned byte order. Callers must not modify the arrays. */
  public List<byte[]> rows() {
    List<byte[]> sorted = new ArrayList<>(rows.length());
    for (int i = 0; i < rows.length(); i++) {
      byte[] row = rows.get(i);
      if (row != null) {
        sorted.add(row);
      }
    }
    sorted.sort(Arrays::compareUnsigned);
    return sorted;
  }

  /** The middle row of the sample (the upper of the two middle ones for an even count), or empty if it has none. */
  public Optional<byte[]> median() {
    List<byte[]> sorted = rows();
    return sorted.isEmpty() ? Optional.empty() : Optional.of(sorted.get(sorted.size() / 2));
  }
}
