package io.basalt.hbase.write;

import java.nio.ByteBuffer;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.hbase.HConstants;

/**
 * Increments and Appends already applied, by the nonce their client attached. A client that retries one whose
 * answer it lost sends the same nonce; the operation is not applied twice and the client is answered, as by HBase,
 * with the columns' current values. Nonces are remembered for a window of time, up to a bounded number.
 */
public final class NonceRegistry {
  private static final int MAX_ENTRIES = 500_000;

  private final Clock clock;
  private final long retentionMillis;
  private final Map<Key, Long> applied = new LinkedHashMap<>(1024, 0.75f, false) {
    @Override
    protected boolean removeEldestEntry(Map.Entry<Key, Long> eldest) {
      return size() > MAX_ENTRIES || clock.millis() - eldest.getValue() > retentionMillis;
    }
  };

  private record Key(long group, long nonce) {}

  public NonceRegistry(Clock clock, long retentionMillis) {
    this.clock = clock;
    this.retentionMillis = retentionMillis;
  }

  /** Whether an operation with this nonce was already applied (always false without a nonce). */
  public boolean wasApplied(long group, long nonce) {
    if (nonce == HConstants.NO_NONCE) {
      return false;
    }
    synchronized (applied) {
      Long at = applied.get(new Key(group, nonce));
      return at != null && clock.millis() - at <= retentionMillis;
    }
  }

  /** Remembers that an operation with this nonce was applied. */
  public void markApplied(long group, long nonce) {
    if (nonce == HConstants.NO_NONCE) {
      return;
    }
    synchronized (applied) {
      applied.put(new Key(group, nonce), clock.millis());
    }
  }

  /**
   * The nonce as a note that travels with a replicated write, so every replica remembers it: after a change of
   * leader the new one answers a client's retry of the same increment from the stored value instead of adding
   * again. Empty without a nonce.
   */
  public static byte[] note(long group, long nonce) {
    if (nonce == HConstants.NO_NONCE) {
      return new byte[0];
    }
    return ByteBuffer.allocate(2 * Long.BYTES).putLong(group).putLong(nonce).array();
  }

  /** Remembers the nonce of a note written by {@link #note} (other notes are not this registry's). */
  public void markApplied(byte[] note) {
    if (note.length == 2 * Long.BYTES) {
      ByteBuffer buffer = ByteBuffer.wrap(note);
      markApplied(buffer.getLong(), buffer.getLong());
    }
  }
}
