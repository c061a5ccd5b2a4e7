package io.basalt.hbase.compaction;

import io.basalt.hbase.schema.HBaseTable;
import io.basalt.storage.keys.ByteArrays;
import java.io.IOException;
import java.time.Clock;

/**
 * HBase's flush of a table's memstores, made on RocksDB's memtables: what HBase's flush leaves out of the file it
 * writes (versions past VERSIONS, cells past the TTL beyond MIN_VERSIONS, cells a delete marker hides unless
 * KEEP_DELETED_CELLS keeps them; markers stay) is erased from the memtables, judged among the memtables' cells
 * alone as HBase judges its memstore's, and then the table's memtables are flushed.
 *
 * <p>It matters because HBase flushes where clients can tell: on {@code flush}, and whenever it closes a region
 * (disable, a schema change reopening the regions, a split or merge, a snapshot). What a flush dropped stays gone
 * when a later schema change would show it: after VERSIONS is raised, HBase returns only the versions its flushes
 * kept, not every version ever written. Cells flushed earlier are not judged again, as HBase's earlier files are
 * not. RocksDB's own flushes (memtables full, the log's size limit, shutdown) drop nothing, so cells they wrote
 * out stay until a compaction, where HBase's own flushes would have trimmed them.
 */
public final class MemstoreFlush {
  private final Clock clock;

  public MemstoreFlush(Clock clock) {
    this.clock = clock;
  }

  /** Flushes the table's memtables, as of now by the clock. */
  public void flush(HBaseTable table) throws IOException {
    flush(table, clock.millis());
  }

  /**
   * Flushes the memtables of the table's regions that cover rows {@code [startRow, endRow)} (empty bounds are open),
   * as HBase flushes only the regions a split, merge or region truncation closes: what those regions' flushes would
   * leave out is erased, and the other regions' cells are left as their memstores would hold them. The memtables are
   * written out whole (RocksDB flushes a column family, not a key range), so the other regions' cells go to files
   * unjudged; they keep their versions until a compaction, where HBase's next flush of those regions might drop some.
   */
  public void flushRows(HBaseTable table, byte[] startRow, byte[] endRow) throws IOException {
    flush(table, startRow, endRow, clock.millis());
  }

  /** Flushes the table's memtables after erasing what HBase's flush at {@code nowMillis} would leave out. */
  public static void flush(HBaseTable table, long nowMillis) throws IOException {
    flush(table, ByteArrays.EMPTY, ByteArrays.EMPTY, nowMillis);
  }

  /**
   * In cluster mode the memtables judged are this node's, so they must first hold every write acknowledged before
   * the flush (this node may follow the tablets, a step behind their leaders); the erasures and then the flush go to
   * every replica through the tablets' logs, so each replica's memtables are left as this node's are.
   */
  private static void flush(HBaseTable table, byte[] startRow, byte[] endRow, long nowMillis) throws IOException {
    table.storage().catchUp(startRow, endRow);
    TabletCompaction.ofMemtables(table, startRow, endRow, nowMillis).run();
    table.storage().flush();
  }
}
