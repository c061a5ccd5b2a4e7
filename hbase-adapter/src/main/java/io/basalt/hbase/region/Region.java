package io.basalt.hbase.region;

import io.basalt.hbase.read.RegionScanner;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Scan;

/** A region as ClientService addresses it: a user tablet, or the virtual hbase:meta region. */
public interface Region {
  RegionInfo info();

  /** Whether the region serves requests (a disabled table's regions do not). */
  boolean isOnline();

  /** Reads one row. */
  Result get(Get get) throws IOException;

  /** Opens a scan of this region's part of the scan's range. */
  RegionScanner openScanner(Scan scan) throws IOException;

  /** Applies one Put or Delete atomically. */
  void mutate(Mutation mutation) throws IOException;

  /**
   * Applies Puts and Deletes as one write. Mutations that are invalid on their own (unknown family, row outside the
   * region) fail alone; the rest are applied together.
   *
   * @return per mutation, null when applied or the exception that rejected it
   */
  List<IOException> mutateBatch(List<Mutation> mutations) throws IOException;
}
