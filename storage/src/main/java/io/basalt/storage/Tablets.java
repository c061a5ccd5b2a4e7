package io.basalt.storage;

import io.basalt.storage.catalog.TableDefinition;
import io.basalt.storage.catalog.TabletDefinition;
import io.basalt.storage.errors.StorageException;
import io.basalt.storage.errors.UnknownTabletException;
import io.basalt.storage.keys.ByteArrays;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Splits and merges a table's tablets. A tablet owns no cells (they live in the table's column families whatever
 * the ranges), so both only rewrite the table's definition: one catalog write, which a crash leaves either undone
 * or done, and the ranges always tile the table's key space. In cluster mode the tablets' groups are fenced first
 * ({@link TabletReplacements}). New tablets get ids above every id the store has
 * handed out, so a tablet id is never reused.
 */
public final class Tablets {
  private static final Logger LOG = LoggerFactory.getLogger(Tablets.class);

  private final TabletStore store;
  private final Catalog catalog;

  Tablets(TabletStore store, Catalog catalog) {
    this.store = store;
    this.catalog = catalog;
  }

  /**
   * Splits {@code tablet} of {@code table} in two at {@code splitRow}, which must lie inside it and not be its start
   * row. Returns the two new tablets.
   */
  public List<TabletDefinition> split(String table, TabletDefinition tablet, byte[] splitRow)
      throws StorageException {
    StoreReplication cluster = store.replication();
    if (cluster != null) {
      TableDefinition current = store.requireTable(table).definition();
      TabletDefinition parent = current.tablets().get(indexOf(current, tablet));
      return cluster.replacements().replace(current, List.of(parent), daughters(table, parent, splitRow));
    }
    synchronized (store.ddlLock()) {
      Table live = store.requireTable(table);
      TableDefinition current = live.definition();
      List<TabletDefinition> tablets = new ArrayList<>(current.tablets());
      int index = indexOf(current, tablet);
      TabletDefinition parent = tablets.get(index);
      List<TabletDefinition> daughters = daughters(table, parent, splitRow);
      tablets.remove(index);
      tablets.addAll(index, daughters);
      replace(live, current.withTablets(tablets));
      LOG.info("Split {} of table {} at {} into {} and {}", parent, table, ByteArrays.toPrintable(splitRow),
          daughters.get(0), daughters.get(1));
      return daughters;
    }
  }

  /** Merges adjacent tablets of {@code table}, given in any order, into one; returns it. */
  public TabletDefinition merge(String table, List<TabletDefinition> parents) throws StorageException {
    StoreReplication cluster = store.replication();
    if (cluster != null) {
      TableDefinition current = store.requireTable(table).definition();
      int[] run = adjacentRun(current, parents);
      List<TabletDefinition> merging = List.copyOf(current.tablets().subList(run[0], run[1] + 1));
      TabletDefinition merged = new TabletDefinition(store.nextTabletId(), merging.get(0).startRow(),
          merging.get(merging.size() - 1).endRow());
      return cluster.replacements().replace(current, merging, List.of(merged)).get(0);
    }
    synchronized (store.ddlLock()) {
      Table live = store.requireTable(table);
      TableDefinition current = live.definition();
      int[] run = adjacentRun(current, parents);
      int first = run[0];
      int last = run[1];
      List<TabletDefinition> tablets = new ArrayList<>(current.tablets());
      TabletDefinition merged = new TabletDefinition(store.nextTabletId(), tablets.get(first).startRow(),
          tablets.get(last).endRow());
      List<TabletDefinition> merging = new ArrayList<>(tablets.subList(first, last + 1));
      tablets.subList(first, last + 1).clear();
      tablets.add(first, merged);
      replace(live, current.withTablets(tablets));
      LOG.info("Merged {} of table {} into {}", merging, table, merged);
      return merged;
    }
  }

  private void replace(Table live, TableDefinition next) throws StorageException {
    catalog.putTable(next);
    live.replaceDefinition(next);
  }

  /** A cluster's catalog replica giving a table the tablets its log decided (see {@link TabletReplacements}). */
  void replaceLocally(Table live, List<TabletDefinition> tablets) throws StorageException {
    synchronized (store.ddlLock()) {
      store.checkOpen();
      tablets.forEach(store::noteTabletId);
      replace(live, live.definition().withTablets(tablets));
    }
  }

  /** The two halves of {@code parent} split at {@code splitRow}, under a new id. */
  private List<TabletDefinition> daughters(String table, TabletDefinition parent, byte[] splitRow) {
    if (!parent.contains(splitRow) || Arrays.equals(parent.startRow(), splitRow)) {
      throw new IllegalArgumentException("split row " + ByteArrays.toPrintable(splitRow) + " is not inside "
          + parent + " of table " + table);
    }
    long id = store.nextTabletId();
    return List.of(new TabletDefinition(id, parent.startRow(), splitRow),
        new TabletDefinition(id, splitRow, parent.endRow()));
  }

  /** The first and last index of {@code parents} among the table's tablets, which must be adjacent and distinct. */
  private static int[] adjacentRun(TableDefinition current, List<TabletDefinition> parents)
      throws UnknownTabletException {
    if (parents.stream().distinct().count() != parents.size() || parents.size() < 2) {
      throw new IllegalArgumentException("a merge needs two or more distinct tablets, not " + parents);
    }
    int first = Integer.MAX_VALUE;
    int last = -1;
    for (TabletDefinition parent : parents) {
      int index = indexOf(current, parent);
      first = Math.min(first, index);
      last = Math.max(last, index);
    }
    if (last - first + 1 != parents.size()) {
      throw new IllegalArgumentException(parents + " of table " + current.name() + " are not adjacent");
    }
    return new int[] {first, last};
  }

  /** Where {@code tablet} (same id and range) is among the table's tablets; a stale one is unknown. */
  private static int indexOf(TableDefinition table, TabletDefinition tablet) throws UnknownTabletException {
    int index = table.tablets().indexOf(tablet);
    if (index < 0) {
      throw new UnknownTabletException(table.name(), tablet);
    }
    return index;
  }
}
