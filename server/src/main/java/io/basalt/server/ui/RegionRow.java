package io.basalt.server.ui;

import java.util.Optional;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.client.RegionInfo;

/**
 * One region as the pages show it: the server serving it (none while its tablet elects a leader), its stores, its
 * tablet's measured size (RocksDB's estimates: files and memtables) and the requests it has served since the server
 * started, with their rate over the last minute.
 */
public record RegionRow(RegionInfo info, Optional<ServerName> server, int stores, long fileBytes, long memstoreBytes,
    long files, long readRequests, long filteredReadRequests, long writeRequests, double requestsPerSecond) {
  /** Files and memstore, as HBase's table size counts them. */
  long bytes() {
    return fileBytes + memstoreBytes;
  }
}
