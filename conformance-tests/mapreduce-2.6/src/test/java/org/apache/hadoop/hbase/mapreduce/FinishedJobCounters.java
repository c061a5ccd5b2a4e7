package org.apache.hadoop.hbase.mapreduce;

import java.io.IOException;
import org.apache.hadoop.mapreduce.Counters;

/**
 * The counters of a job one of HBase's tools has just run. RowCounter and SyncTable keep their finished job, or
 * its counters, where only their own package can read them, and their command lines print the counters to a log
 * and nowhere else; this class lives in that package so that a test can run the tool exactly as its command line
 * does (through {@code ToolRunner}) and still read what it counted.
 */
public final class FinishedJobCounters {
  private FinishedJobCounters() {}

  /** The counters of the job {@code rowCounter} ran last. */
  public static Counters of(RowCounter rowCounter) throws IOException {
    if (rowCounter.getMapReduceJob() == null) {
      throw new IllegalStateException("RowCounter has run no job");
    }
    return rowCounter.getMapReduceJob().getCounters();
  }

  /** The counters of the job {@code syncTable} ran last. */
  public static Counters of(SyncTable syncTable) {
    if (syncTable.counters == null) {
      throw new IllegalStateException("SyncTable has run no job");
    }
    return syncTable.counters;
  }
}
