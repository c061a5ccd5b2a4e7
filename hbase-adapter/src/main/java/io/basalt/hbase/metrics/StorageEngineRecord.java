package io.basalt.hbase.metrics;

import io.basalt.storage.EngineFigures;
import io.basalt.storage.TabletStore;
import io.basalt.storage.errors.StorageException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * RocksDB's own figures, which HBase has no names for, under a bean of Basalt's: {@code Hadoop:service=HBase,
 * name=Basalt} (Prometheus names {@code basalt_*}). Write stalls, the compaction backlog, memory and bytes written
 * with the write amplification they make.
 */
final class StorageEngineRecord implements MetricsRecord {
  private static final Logger LOG = LoggerFactory.getLogger(StorageEngineRecord.class);

  private final TabletStore store;

  StorageEngineRecord(TabletStore store) {
    this.store = store;
  }

  @Override
  public String jmxName() {
    return "Basalt";
  }

  @Override
  public String recordName() {
    return "Basalt";
  }

  @Override
  public void writeTo(MetricsOutput out) {
    out.tag("Context", "regionserver");
    out.tag("Hostname", Hosts.localName());
    EngineFigures figures;
    try {
      figures = store.engineFigures();
    } catch (StorageException e) {
      // A store failing to describe itself has failed elsewhere too; the record says nothing rather than zeros.
      LOG.warn("Could not read the storage engine's figures", e);
      return;
    }
    out.counter("writeStallMicros", figures.writeStallMicros());
    out.counter("writeStops", figures.writeStops());
    out.counter("writeDelays", figures.writeDelays());
    out.gauge("writeStopped", figures.writeStopped() ? 1 : 0);
    out.gauge("delayedWriteRate", figures.delayedWriteRate());
    out.gauge("pendingCompactionBytes", figures.pendingCompactionBytes());
    out.gauge("runningCompactions", figures.runningCompactions());
    out.gauge("runningFlushes", figures.runningFlushes());
    out.gauge("memtableBytes", figures.memtableBytes());
    out.gauge("immutableMemtables", figures.immutableMemtables());
    out.gauge("blockCacheBytes", figures.blockCacheBytes());
    out.gauge("blockCachePinnedBytes", figures.blockCachePinnedBytes());
    out.gauge("tableReaderBytes", figures.tableReaderBytes());
    out.gauge("liveFileBytes", figures.liveFileBytes());
    out.counter("userBytesWritten", figures.userBytesWritten());
    out.counter("logBytesWritten", figures.logBytesWritten());
    out.counter("fileBytesWritten", figures.fileBytesWritten());
    out.gauge("writeAmplification", figures.writeAmplification());
  }
}
