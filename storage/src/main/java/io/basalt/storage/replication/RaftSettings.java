package io.basalt.storage.replication;

import java.time.Duration;

/**
 * How the Raft groups of a node behave in time.
 *
 * @param electionTimeoutMin a follower hearing nothing from its leader for a random time between the two election
 *     timeouts stands for election; the leader's heartbeats go out at half the minimum. With the defaults (1-2 s)
 *     a killed leader's tablets took 2.9-4.8 s to the next acknowledged write of a stock client with default
 *     settings (FailoverTimeTest; the client's retry backoff is the larger part), inside the 5 s. Ratis's
 *     own defaults (150-300 ms) would elect sooner, but a pause of a few hundred milliseconds (a garbage
 *     collection on a loaded two-core machine) would then depose leaders; that trade-off is not measured yet.
 * @param requestTimeout how long a write or a read barrier waits for its group before the caller is told the outcome
 *     is unknown; also how long one request of a replica fetching a group's state from another member may take
 * @param snapshotThreshold entries applied since the last snapshot after which a group takes one (a flush) and its
 *     log up to there is purged
 * @param logSegmentBytes the size at which a group's log file is closed and a new one begun. Ratis purges whole
 *     closed files only, so a log is forgotten up to a snapshot only once the entries before it fill a file: with
 *     Ratis's default of 32 MB a group written little keeps its whole log. Tests set it small to see logs purged.
 * @param entryMaxBytes the largest entry a group's log takes (a write of one tablet's rows, a catalog change). Ratis
 *     (3.1.3) gives the log of every group a direct buffer that must hold the largest entry, allocated when the
 *     group is added and kept while it is hosted, so this costs its size in memory outside the heap per tablet
 *     replica. Ratis's own default (an 8 MB buffer for entries of up to 4 MB) ran a node out of direct memory in the
 *     100-kill run after about 55 splits: the buffers of some 63 groups filled the 512 MB the JVM allows under
 *     {@code -Xmx512m}, and adding the next group failed. The default (2 MB) is the HBase client's write buffer, so a
 *     buffered mutator's flush fits one entry; a larger batch goes as several entries, a single row larger than this
 *     is refused. Must be the same on every node: a follower's buffer must hold what its leader accepted.
 */
public record RaftSettings(Duration electionTimeoutMin, Duration electionTimeoutMax, Duration requestTimeout,
    long snapshotThreshold, long logSegmentBytes, int entryMaxBytes) {

  /** Ratis's default log file size. */
  private static final long DEFAULT_LOG_SEGMENT_BYTES = 32L << 20;

  /** HBase's default {@code hbase.client.write.buffer}. */
  public static final int DEFAULT_ENTRY_MAX_BYTES = 2 << 20;

  /**
   * What Ratis adds around an entry's bytes in its log (term, index, the client's id and call id, lengths): tens of
   * bytes; the margin is generous so that the limit checked here is the one that binds.
   */
  public static final int ENTRY_ENVELOPE_BYTES = 4096;

  public static RaftSettings defaults() {
    return new RaftSettings(Duration.ofMillis(1000), Duration.ofMillis(2000), Duration.ofSeconds(30), 100_000,
        DEFAULT_LOG_SEGMENT_BYTES, DEFAULT_ENTRY_MAX_BYTES);
  }

  public RaftSettings {
    if (electionTimeoutMin.isNegative() || electionTimeoutMin.isZero()
        || electionTimeoutMax.compareTo(electionTimeoutMin) <= 0) {
      throw new IllegalArgumentException("election timeouts must be positive, the maximum above the minimum");
    }
    if (requestTimeout.isNegative() || requestTimeout.isZero() || snapshotThreshold <= 0) {
      throw new IllegalArgumentException("request timeout and snapshot threshold must be positive");
    }
    if (logSegmentBytes < 1024) {
      throw new IllegalArgumentException("a log file of " + logSegmentBytes + " bytes is too small");
    }
    if (entryMaxBytes < 64 * 1024 || entryMaxBytes > (1 << 30)) {
      throw new IllegalArgumentException("the largest log entry must be between 64 KB and 1 GB, not "
          + entryMaxBytes + " bytes");
    }
  }

  public RaftSettings withElectionTimeouts(Duration min, Duration max) {
    return new RaftSettings(min, max, requestTimeout, snapshotThreshold, logSegmentBytes, entryMaxBytes);
  }

  public RaftSettings withRequestTimeout(Duration timeout) {
    return new RaftSettings(electionTimeoutMin, electionTimeoutMax, timeout, snapshotThreshold, logSegmentBytes,
        entryMaxBytes);
  }

  public RaftSettings withSnapshotThreshold(long entries) {
    return new RaftSettings(electionTimeoutMin, electionTimeoutMax, requestTimeout, entries, logSegmentBytes,
        entryMaxBytes);
  }

  public RaftSettings withLogSegmentBytes(long bytes) {
    return new RaftSettings(electionTimeoutMin, electionTimeoutMax, requestTimeout, snapshotThreshold, bytes,
        entryMaxBytes);
  }

  public RaftSettings withEntryMaxBytes(int bytes) {
    return new RaftSettings(electionTimeoutMin, electionTimeoutMax, requestTimeout, snapshotThreshold,
        logSegmentBytes, bytes);
  }
}
