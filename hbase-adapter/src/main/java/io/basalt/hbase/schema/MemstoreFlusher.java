package io.basalt.hbase.schema;

import java.io.IOException;

/**
 * Flushes a table's memstores as HBase's flush does, dropping what it drops. The catalog calls it where HBase's
 * master closes a table's regions, each close flushing under the rules the region had: before a schema change of an
 * enabled table, before a disable, a split or merge, and a snapshot that asks for a flush.
 */
@FunctionalInterface
public interface MemstoreFlusher {
  void flush(HBaseTable table) throws IOException;
}
