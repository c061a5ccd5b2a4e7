package io.basalt.hbase.schema;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.TableNotFoundException;

/**
 * The HBase tables Basalt serves, each as its latest published {@link HBaseTable}: what regions, hbase:meta and the
 * services read. Only the master's DDL publishes and forgets tables; {@link #version()} changes whenever it does, so
 * views derived from the tables (hbase:meta's rows, the region directory) know to rebuild.
 */
public final class TableDirectory {
  private final Map<TableName, HBaseTable> tables = new ConcurrentHashMap<>();
  private final AtomicLong version = new AtomicLong();

  public Optional<HBaseTable> table(TableName name) {
    return Optional.ofNullable(tables.get(name));
  }

  public HBaseTable require(TableName name) throws TableNotFoundException {
    HBaseTable table = tables.get(name);
    if (table == null) {
      throw new TableNotFoundException(name);
    }
    return table;
  }

  public boolean contains(TableName name) {
    return tables.containsKey(name);
  }

  /** Every table, sorted by name. */
  public List<HBaseTable> all() {
    List<HBaseTable> all = new ArrayList<>(tables.values());
    all.sort(Comparator.comparing(HBaseTable::name));
    return all;
  }

  /** Changes whenever a table is published or forgotten. */
  public long version() {
    return version.get();
  }

  /** Serves the table as given from now on, in place of any earlier version of it. */
  public HBaseTable publish(HBaseTable table) {
    tables.put(table.name(), table);
    version.incrementAndGet();
    return table;
  }

  /** Stops serving a dropped table. */
  public void forget(TableName name) {
    tables.remove(name);
    version.incrementAndGet();
  }
}
