package io.basalt.storage;

import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The notes (request nonces) of the most recent catalog changes applied on this node, so that a request retried
 * after its first attempt was applied (its answer lost with a leader that stepped down) is recognised. Bounded: a
 * client retries within minutes, long before ten thousand more catalog changes.
 */
final class RecentNotes {
  private static final int KEPT = 10_000;

  private final Map<ByteBuffer, Boolean> notes = new LinkedHashMap<>(64, 0.75f, false) {
    @Override
    protected boolean removeEldestEntry(Map.Entry<ByteBuffer, Boolean> eldest) {
      return size() > KEPT;
    }
  };

  /** Remembers a note; an empty note (a change without one) is not remembered. */
  synchronized void add(byte[] note) {
    if (note.length > 0) {
      notes.put(ByteBuffer.wrap(note.clone()), Boolean.TRUE);
    }
  }

  synchronized boolean contains(byte[] note) {
    return note.length > 0 && notes.containsKey(ByteBuffer.wrap(note));
  }
}
