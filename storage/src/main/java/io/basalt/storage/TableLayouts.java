package io.basalt.storage;

import io.basalt.storage.catalog.FamilyDefinition;
import io.basalt.storage.catalog.FamilyOptions;
import io.basalt.storage.catalog.NewFamily;
import io.basalt.storage.catalog.TableDefinition;
import io.basalt.storage.catalog.TabletDefinition;
import io.basalt.storage.data.RowLocks;
import io.basalt.storage.errors.StorageException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Gives tables their RocksDB column families: creates one per new family (named {@code t<tableId>.f<n>}), records
 * the definition that names them in the catalog, swaps them into the live {@link Table}, and drops the ones a table
 * no longer uses. Column families always exist before the catalog names them, so a crash in between leaves orphans
 * that the next open drops, never a catalog entry without its data. Callers hold the store's DDL lock.
 */
final class TableLayouts {
  private static final Logger LOG = LoggerFactory.getLogger(TableLayouts.class);

  private final RocksDB db;
  private final StoreResources resources;
  private final Catalog catalog;
  private final RowLocks rowLocks;
  private final WriteOptionsByDurability writeOptions;
  private final ColumnFamilyMoves moves;

  TableLayouts(RocksDB db, StoreResources resources, Catalog catalog, RowLocks rowLocks,
      WriteOptionsByDurability writeOptions, ColumnFamilyMoves moves) {
    this.db = db;
    this.resources = resources;
    this.catalog = catalog;
    this.rowLocks = rowLocks;
    this.writeOptions = writeOptions;
    this.moves = moves;
  }

  /**
   * A family a table keeps whose new options only a new column family can have: it moves, cells and all, into one
   * created with them.
   */
  record Moved(FamilyDefinition family, ColumnFamilyHandle handle, FamilyOptions options) {}

  /** Fills column families just created for a table, before the catalog names them. */
  @FunctionalInterface
  interface FamilyLoader {
    /** Column families that start empty. */
    FamilyLoader EMPTY = (families, handles) -> { };

    /** @param families the created families, in the order of {@code handles} */
    void load(List<FamilyDefinition> families, List<ColumnFamilyHandle> handles) throws StorageException;
  }

  /** Creates a new table: a fresh id, one column family per family, filled by {@code loader}. */
  Table create(String name, List<NewFamily> families, List<TabletDefinition> tablets, Map<String, byte[]> properties,
      FamilyLoader loader) throws StorageException {
    long tableId = catalog.allocateTableId();
    List<FamilyDefinition> templates = new ArrayList<>();
    families.forEach(family -> templates.add(new FamilyDefinition(family.name(), "", family.options())));
    List<FamilyDefinition> created = definitions(tableId, 0, templates);
    return create(tableId, name, created, tablets, properties, loader);
  }

  /**
   * Creates a new table under an id its caller chose (a cluster's catalog entry index), never used before, with
   * {@code families} as they are given (their creation indexes kept) but for their column families' names.
   */
  Table createAs(long tableId, String name, List<FamilyDefinition> families, List<TabletDefinition> tablets,
      Map<String, byte[]> properties, FamilyLoader loader) throws StorageException {
    return create(tableId, name, definitions(tableId, 0, families), tablets, properties, loader);
  }

  private Table create(long tableId, String name, List<FamilyDefinition> created, List<TabletDefinition> tablets,
      Map<String, byte[]> properties, FamilyLoader loader) throws StorageException {
    TableDefinition definition = new TableDefinition(tableId, name, created, tablets, properties, created.size());
    List<ColumnFamilyHandle> handles = createAndLoad(definition, created, loader);
    Table table = new Table(db, rowLocks, writeOptions, definition, orderedHandles(definition, handles, created));
    LOG.info("Created {}", definition);
    return table;
  }

  /**
   * The tables the catalog names, each with its column families as the database opened them ({@code handlesByName},
   * by column family name); those no table names, left by a create or drop a crash interrupted, are dropped.
   */
  List<Table> restore(Map<String, ColumnFamilyHandle> handlesByName) throws StorageException {
    Map<String, ColumnFamilyHandle> unclaimed = new HashMap<>(handlesByName);
    List<Table> tables = new ArrayList<>();
    for (TableDefinition definition : catalog.loadTables()) {
      List<ColumnFamilyHandle> handles = new ArrayList<>();
      for (FamilyDefinition family : definition.families()) {
        ColumnFamilyHandle handle = unclaimed.remove(family.columnFamilyName());
        if (handle == null) {
          throw new StorageException("catalog names column family " + family.columnFamilyName() + " of table "
              + definition.name() + " but the database does not have it");
        }
        handles.add(handle);
      }
      tables.add(new Table(db, rowLocks, writeOptions, definition, handles));
      LOG.debug("Restored {}", definition);
    }
    if (!unclaimed.isEmpty()) {
      LOG.warn("Dropping column families left by an interrupted create or drop: {}",
          new TreeSet<>(unclaimed.keySet()));
      drop("(orphans)", new ArrayList<>(unclaimed.values()));
    }
    return tables;
  }

  /**
   * A single node's alter of a live table: {@code added} families start empty, {@code dropped} ones go with their
   * column families, and each of {@code changed} whose options differ moves into a new column family created with
   * them (see {@link ColumnFamilyMoves}); the table gets {@code properties}.
   */
  void alter(Table table, List<NewFamily> added, List<byte[]> dropped, List<NewFamily> changed,
      Map<String, byte[]> properties) throws StorageException {
    TableDefinition current = table.definition();
    List<FamilyDefinition> kept = new ArrayList<>();
    List<ColumnFamilyHandle> keptHandles = new ArrayList<>();
    List<Moved> moved = new ArrayList<>();
    List<ColumnFamilyHandle> unused = new ArrayList<>();
    for (int i = 0; i < current.families().size(); i++) {
      FamilyDefinition family = current.families().get(i);
      ColumnFamilyHandle handle = table.handles().get(i);
      if (dropped.stream().anyMatch(family::hasName)) {
        unused.add(handle);
        continue;
      }
      FamilyOptions options = changed.stream().filter(change -> family.hasName(change.name()))
          .map(NewFamily::options).findFirst().orElse(family.options());
      if (options.equals(family.options())) {
        kept.add(family);
        keptHandles.add(handle);
      } else {
        moved.add(new Moved(family, handle, options));
        unused.add(handle);
      }
    }
    relayout(table, kept, keptHandles, moved, added, current.tablets(), properties, FamilyLoader.EMPTY);
    drop(current.name(), unused);
  }

  /** A single node's truncate of a live table: every family gets a fresh column family, the table {@code tablets}. */
  void truncate(Table table, List<TabletDefinition> tablets, Map<String, byte[]> properties)
      throws StorageException {
    List<NewFamily> families = new ArrayList<>();
    table.definition().families().forEach(family -> families.add(new NewFamily(family.name(), family.options())));
    List<ColumnFamilyHandle> old = table.handles();
    relayout(table, List.of(), List.of(), families, tablets, properties, FamilyLoader.EMPTY);
    drop(table.name(), old);
  }

  /**
   * Gives a live table the families {@code kept} (with their handles) plus new column families for {@code added},
   * filled by {@code loader}, and the given tablets and properties. Dropping what is no longer used is up to the
   * caller, once this returns.
   */
  void relayout(Table table, List<FamilyDefinition> kept, List<ColumnFamilyHandle> keptHandles, List<NewFamily> added,
      List<TabletDefinition> tablets, Map<String, byte[]> properties, FamilyLoader loader) throws StorageException {
    relayout(table, kept, keptHandles, List.of(), added, tablets, properties, loader);
  }

  /**
   * As {@link #relayout(Table, List, List, List, List, Map, FamilyLoader)}, and moves each of {@code moved} into a
   * new column family with its new options. While families move, no write to the table or cursor opening on it can
   * start: a write to an old family after its files were exported would be lost with it. The old families' handles
   * are the caller's to drop, once this returns.
   */
  void relayout(Table table, List<FamilyDefinition> kept, List<ColumnFamilyHandle> keptHandles, List<Moved> moved,
      List<NewFamily> added, List<TabletDefinition> tablets, Map<String, byte[]> properties, FamilyLoader loader)
      throws StorageException {
    List<FamilyDefinition> templates = new ArrayList<>();
    added.forEach(family -> templates.add(new FamilyDefinition(family.name(), "", family.options())));
    relayoutAs(table, kept, keptHandles, moved, templates, tablets, properties, loader);
  }

  /**
   * As the method above, with each added family given as a definition whose creation index is kept (a cluster's;
   * 0 on a single node) and whose column family name is chosen here.
   */
  private void relayoutAs(Table table, List<FamilyDefinition> kept, List<ColumnFamilyHandle> keptHandles,
      List<Moved> moved, List<FamilyDefinition> added, List<TabletDefinition> tablets,
      Map<String, byte[]> properties, FamilyLoader loader) throws StorageException {
    if (moved.isEmpty()) {
      replace(table, kept, keptHandles, moved, added, tablets, properties, loader);
    } else {
      table.whileQuiet(() -> replace(table, kept, keptHandles, moved, added, tablets, properties, loader));
    }
  }

  /**
   * Makes a live table's families, tablets and properties those of {@code target}, as a cluster's catalog decided
   * them: a family of the same name and creation index is kept (moved if its options changed), any other family of
   * the table is dropped, and any other family of {@code target} is created empty. A truncate is such a change with
   * every family created anew. Applied again, it changes nothing.
   *
   * @return whether anything changed
   */
  boolean reshape(Table table, TableDefinition target) throws StorageException {
    TableDefinition current = table.definition();
    List<FamilyDefinition> kept = new ArrayList<>();
    List<ColumnFamilyHandle> keptHandles = new ArrayList<>();
    List<Moved> moved = new ArrayList<>();
    List<ColumnFamilyHandle> dropped = new ArrayList<>();
    List<FamilyDefinition> matched = new ArrayList<>();
    for (int i = 0; i < current.families().size(); i++) {
      FamilyDefinition family = current.families().get(i);
      ColumnFamilyHandle handle = table.handles().get(i);
      FamilyDefinition wanted = target.families().stream()
          .filter(candidate -> candidate.hasName(family.name()) && candidate.createdAt() == family.createdAt())
          .findFirst().orElse(null);
      if (wanted == null) {
        dropped.add(handle);
      } else if (wanted.options().equals(family.options())) {
        matched.add(wanted);
        kept.add(family);
        keptHandles.add(handle);
      } else {
        matched.add(wanted);
        moved.add(new Moved(family, handle, wanted.options()));
        dropped.add(handle);
      }
    }
    List<FamilyDefinition> added = new ArrayList<>(target.families());
    added.removeAll(matched);
    if (dropped.isEmpty() && added.isEmpty() && current.tablets().equals(target.tablets())
        && samePropertyValues(current.properties(), target.properties())) {
      return false;
    }
    relayoutAs(table, kept, keptHandles, moved, added, target.tablets(), target.properties(), FamilyLoader.EMPTY);
    drop(current.name(), dropped);
    return true;
  }

  private static boolean samePropertyValues(Map<String, byte[]> a, Map<String, byte[]> b) {
    if (!a.keySet().equals(b.keySet())) {
      return false;
    }
    for (Map.Entry<String, byte[]> entry : a.entrySet()) {
      if (!java.util.Arrays.equals(entry.getValue(), b.get(entry.getKey()))) {
        return false;
      }
    }
    return true;
  }

  private void replace(Table table, List<FamilyDefinition> kept, List<ColumnFamilyHandle> keptHandles,
      List<Moved> moved, List<FamilyDefinition> added, List<TabletDefinition> tablets,
      Map<String, byte[]> properties, FamilyLoader loader) throws StorageException {
    TableDefinition current = table.definition();
    int sequence = current.nextFamilySequence();
    List<FamilyDefinition> families = new ArrayList<>(kept);
    List<ColumnFamilyHandle> handles = new ArrayList<>(keptHandles);
    List<ColumnFamilyHandle> movedTo = new ArrayList<>();
    TableDefinition next;
    try {
      for (Moved family : moved) {
        FamilyDefinition target = new FamilyDefinition(family.family().name(), columnFamilyName(current.id(),
            sequence++), family.options(), family.family().createdAt());
        movedTo.add(moves.move(family.handle(), descriptor(target)));
        families.add(target);
      }
      handles.addAll(movedTo);
      List<FamilyDefinition> created = definitions(current.id(), sequence, added);
      families.addAll(created);
      next = new TableDefinition(current.id(), current.name(), families, tablets, properties,
          sequence + created.size());
      handles.addAll(createAndLoad(next, created, loader));
    } catch (StorageException | RuntimeException e) {
      drop(current.name(), movedTo);
      throw e;
    }
    table.replaceLayout(next, orderedHandles(next, handles, families));
    LOG.info("Changed {}", next);
  }

  /** Drops column families no table uses any more and closes their handles. */
  void drop(String table, List<ColumnFamilyHandle> handles) {
    if (handles.isEmpty()) {
      return;
    }
    try {
      db.dropColumnFamilies(handles);
    } catch (RocksDBException e) {
      // The catalog no longer names them, so the next open drops them; nothing is lost or exposed.
      LOG.warn("Could not drop column families of {} now; they will be dropped at the next open: {}", table,
          e.getMessage());
    }
    handles.forEach(ColumnFamilyHandle::close);
  }

  /** Definitions of new families in a table's column families from {@code firstSequence} on, names chosen here. */
  private List<FamilyDefinition> definitions(long tableId, int firstSequence, List<FamilyDefinition> templates) {
    List<FamilyDefinition> definitions = new ArrayList<>();
    int sequence = firstSequence;
    for (FamilyDefinition family : templates) {
      definitions.add(new FamilyDefinition(family.name(), columnFamilyName(tableId, sequence++), family.options(),
          family.createdAt()));
    }
    return definitions;
  }

  private static String columnFamilyName(long tableId, int sequence) {
    return "t" + tableId + ".f" + sequence;
  }

  private ColumnFamilyDescriptor descriptor(FamilyDefinition family) {
    return new ColumnFamilyDescriptor(family.columnFamilyName().getBytes(StandardCharsets.UTF_8),
        resources.dataOptions(family.options()));
  }

  /** Creates the column families of {@code created}, fills them and records {@code definition}; all or nothing. */
  private List<ColumnFamilyHandle> createAndLoad(TableDefinition definition, List<FamilyDefinition> created,
      FamilyLoader loader) throws StorageException {
    List<ColumnFamilyDescriptor> descriptors = new ArrayList<>();
    for (FamilyDefinition family : created) {
      descriptors.add(descriptor(family));
    }
    List<ColumnFamilyHandle> handles;
    try {
      handles = descriptors.isEmpty() ? List.of() : db.createColumnFamilies(descriptors);
    } catch (RocksDBException e) {
      throw new StorageException("cannot create column families of table " + definition.name() + ": "
          + e.getMessage(), e);
    }
    try {
      loader.load(created, handles);
      catalog.putTable(definition);
    } catch (StorageException | RuntimeException e) {
      drop(definition.name(), handles);
      throw e;
    }
    return handles;
  }

  /** {@code handles} (in the order of {@code order}) rearranged into the definition's family order. */
  private static List<ColumnFamilyHandle> orderedHandles(TableDefinition definition, List<ColumnFamilyHandle> handles,
      List<FamilyDefinition> order) {
    List<ColumnFamilyHandle> ordered = new ArrayList<>();
    for (FamilyDefinition family : definition.families()) {
      ordered.add(handles.get(order.indexOf(family)));
    }
    return ordered;
  }
}
