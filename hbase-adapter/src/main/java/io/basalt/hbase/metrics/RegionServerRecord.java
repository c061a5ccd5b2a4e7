package io.basalt.hbase.metrics;

import io.basalt.hbase.stats.TabletRequests;
import io.basalt.hbase.stats.TabletStatistics;
import io.basalt.storage.BlockCacheFigures;
import io.basalt.storage.TabletSize;
import io.basalt.storage.TabletStore;
import io.basalt.storage.errors.StorageException;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * HBase's main region server bean, {@code RegionServer,sub=Server}: regions, stores and their sizes, the request
 * totals, the calls by kind, the operation histograms, and RocksDB's block cache under HBase's block cache names.
 * Only what Basalt has is published: no WAL files, MOB, HDFS locality, or block cache figures HBase keeps by its
 * own block types (index levels, file info, trailers), whose HBase names would have to carry invented values.
 */
final class RegionServerRecord implements MetricsRecord {
  private static final Logger LOG = LoggerFactory.getLogger(RegionServerRecord.class);

  private final ServerTags tags;
  private final RecentFigures figures;
  private final TabletStatistics statistics;
  private final RequestMetrics requests;
  private final LongSupplier activeScanners;
  private final LongSupplier compactionQueue;
  private final TabletStore store;

  RegionServerRecord(ServerTags tags, RecentFigures figures, TabletStatistics statistics, RequestMetrics requests,
      LongSupplier activeScanners, LongSupplier compactionQueue, TabletStore store) {
    this.tags = tags;
    this.figures = figures;
    this.statistics = statistics;
    this.requests = requests;
    this.activeScanners = activeScanners;
    this.compactionQueue = compactionQueue;
    this.store = store;
  }

  @Override
  public String jmxName() {
    return "RegionServer,sub=Server";
  }

  @Override
  public String recordName() {
    return "Server";
  }

  @Override
  public void writeTo(MetricsOutput out) {
    tags.writeServerTags(out, "regionserver");
    long regions = 0;
    long stores = 0;
    long reads = 0;
    long filteredReads = 0;
    long writes = 0;
    TabletSize size = TabletSize.EMPTY;
    for (RegionFigures.Figure figure : figures.get()) {
      regions++;
      stores += figure.stores();
      size = size.plus(figure.size());
      if (figure.requests().isPresent()) {
        TabletRequests counts = figure.requests().get();
        reads += counts.readRequests();
        filteredReads += counts.filteredReadRequests();
        writes += counts.writeRequests();
      }
    }
    out.gauge("regionCount", regions);
    out.gauge("storeCount", stores);
    out.gauge("storeFileCount", size.fileCount());
    out.gauge("memStoreSize", size.memtableBytes());
    out.gauge("storeFileSize", size.fileBytes());
    out.gauge("regionServerStartTime", tags.startMillis());
    out.gauge("averageRegionSize", regions == 0 ? 0 : (size.fileBytes() + size.memtableBytes()) / regions);
    out.gauge("storeFileIndexSize", size.indexBytes());
    out.gauge("staticIndexSize", size.indexBytes());
    out.gauge("staticBloomSize", size.filterBytes());
    out.gauge("compactionQueueLength", compactionQueue.getAsLong());
    writeFlushQueue(out);
    writeBlockCache(out, store.blockCacheFigures());
    out.gauge("activeScanners", activeScanners.getAsLong());
    out.counter("totalRequestCount", statistics.rpcCount());
    out.counter("totalRowActionRequestCount", reads + writes);
    out.counter("readRequestCount", reads);
    out.counter("filteredReadRequestCount", filteredReads);
    out.counter("writeRequestCount", writes);
    out.counter("rpcGetRequestCount", requests.rpcGets.sum());
    out.counter("rpcFullScanRequestCount", requests.rpcFullScans.sum());
    out.counter("rpcScanRequestCount", requests.rpcScans.sum());
    out.counter("rpcMultiRequestCount", requests.rpcMultis.sum());
    out.counter("rpcMutateRequestCount", requests.rpcMutates.sum());
    out.counter("checkMutateFailedCount", requests.checksFailed.sum());
    out.counter("checkMutatePassedCount", requests.checksPassed.sum());
    requests.times.writeServerNames(out);
    requests.writeSlowCounts(out);
    requests.reads.writeTo("ServerReadQueryPerSecond", out);
    requests.writes.writeTo("ServerWriteQueryPerSecond", out);
  }

  private void writeFlushQueue(MetricsOutput out) {
    try {
      out.gauge("flushQueueLength", store.familiesAwaitingFlush());
    } catch (StorageException e) {
      // A store failing to describe itself has failed elsewhere too; the figure is left out rather than zero.
      LOG.warn("Could not read the storage engine's flush backlog", e);
    }
  }

  /**
   * RocksDB's one shared block cache as HBase's block cache. Every read a client makes asks for its blocks to be
   * cached, so the hits of reads that cache ({@code blockCacheExpressHitPercent}) are all the hits; the data and
   * Bloom filter block counts are RocksDB's counts of those kinds of block.
   */
  private static void writeBlockCache(MetricsOutput out, BlockCacheFigures cache) {
    out.gauge("blockCacheSize", cache.usedBytes());
    out.gauge("blockCacheFreeSize", Math.max(0, cache.capacityBytes() - cache.usedBytes()));
    out.counter("blockCacheHitCount", cache.hits());
    out.counter("blockCacheMissCount", cache.misses());
    out.gauge("blockCacheCountHitPercent", cache.hitPercent());
    out.gauge("blockCacheExpressHitPercent", cache.hitPercent());
    out.counter("blockCacheDataHitCount", cache.dataHits());
    out.counter("blockCacheDataMissCount", cache.dataMisses());
    out.counter("blockCacheBloomChunkHitCount", cache.filterHits());
    out.counter("blockCacheBloomChunkMissCount", cache.filterMisses());
  }
}
