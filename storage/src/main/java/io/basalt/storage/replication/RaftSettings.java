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
 */
public record RaftSettings(Duration electionTimeoutMin, Duration electionTimeoutMax, Duration requestTimeout,
    long snapshotThreshold, long logSegmentBytes) {

  /** Ratis's default log file size. */
  private static final long DEFAULT_LOG_SEGMENT_BYTES = 32L << 20;

  public static RaftSettings defaults() {
    return new RaftSettings(Duration.ofMillis(1000), Duration.ofMillis(2000), Duration.ofSeconds(30), 100_000,
        DEFAULT_LOG_SEGMENT_BYTES);
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
  }

  public RaftSettings withElectionTimeouts(Duration min, Duration max) {
    return new RaftSettings(min, max, requestTimeout, snapshotThreshold, logSegmentBytes);
  }

  public RaftSettings withRequestTimeout(Duration timeout) {
    return new RaftSettings(electionTimeoutMin, electionTimeoutMax, timeout, snapshotThreshold, logSegmentBytes);
  }

  public RaftSettings withSnapshotThreshold(long entries) {
    return new RaftSettings(electionTimeoutMin, electionTimeoutMax, requestTimeout, entries, logSegmentBytes);
  }

  public RaftSettings withLogSegmentBytes(long bytes) {
    return new RaftSettings(electionTimeoutMin, electionTimeoutMax, requestTimeout, snapshotThreshold, bytes);
  }
}
