package io.basalt.benchmarks.bulkload;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ClientServiceCallable;
import org.apache.hadoop.hbase.tool.BulkLoadHFilesTool;
import org.apache.hadoop.hbase.tool.LoadIncrementalHFiles;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * HBase 2.6.4's {@code BulkLoadHFilesTool} as released, with each of its region calls timed: the tool groups the
 * files by region and makes one BulkLoadHFile call per region from its thread pool, each answered when the server
 * has loaded that region's files. The calls' durations, seen from the client on loopback, are the server's work on
 * them (a region's files read and moved, or rewritten, into its store) and the same measure on either server; the
 * time outside them is the tool's own (connecting, listing and checking the files, grouping them, its staging
 * calls).
 */
final class TimedBulkLoadTool extends BulkLoadHFilesTool {
  /** One BulkLoadHFile call: the region's first row, the files it named, when it started and how long it took. */
  record RegionCall(String firstRow, int files, long startNanos, long nanos, boolean loaded) {}

  private final long created = System.nanoTime();
  private final List<RegionCall> calls = new ArrayList<>();

  TimedBulkLoadTool(Configuration conf) {
    super(conf);
  }

  @Override
  protected List<LoadIncrementalHFiles.LoadQueueItem> tryAtomicRegionLoad(ClientServiceCallable<byte[]> call,
      TableName table, byte[] first, Collection<LoadIncrementalHFiles.LoadQueueItem> files) throws IOException {
    long started = System.nanoTime();
    List<LoadIncrementalHFiles.LoadQueueItem> left = super.tryAtomicRegionLoad(call, table, first, files);
    long took = System.nanoTime() - started;
    synchronized (calls) {
      calls.add(new RegionCall(Bytes.toStringBinary(first), files.size(), started - created, took, left.isEmpty()));
    }
    return left;
  }

  /** The calls made so far, in the order they ended. */
  List<RegionCall> calls() {
    synchronized (calls) {
      return List.copyOf(calls);
    }
  }

  /** When the tool was made, on {@link System#nanoTime}'s clock. */
  long createdNanos() {
    return created;
  }
}
