package io.basalt.hbase.master;

import io.basalt.hbase.compaction.MemstoreFlush;
import io.basalt.hbase.schema.CellTtlFamilies;
import io.basalt.hbase.schema.HBaseTable;
import io.basalt.hbase.schema.StorageLayout;
import io.basalt.hbase.schema.TableDirectory;
import io.basalt.hbase.schema.TableProperties;
import io.basalt.storage.Table;
import io.basalt.storage.TabletStore;
import io.basalt.storage.catalog.NewFamily;
import io.basalt.storage.errors.StorageException;
import io.basalt.storage.snapshotfiles.TableSnapshot;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.HashSet;
import java.util.Map;
import java.util.function.Function;
import org.apache.hadoop.hbase.InvalidFamilyOperationException;
import org.apache.hadoop.hbase.NamespaceNotFoundException;
import org.apache.hadoop.hbase.TableExistsException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.TableNotDisabledException;
import org.apache.hadoop.hbase.TableNotEnabledException;
import org.apache.hadoop.hbase.TableNotFoundException;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.client.TableState;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The master's table DDL: creates, changes, disables, enables, truncates and drops tables, clones and restores them
 * from snapshots, and changes their tablets, applying HBase's rules (names, schema sanity, state transitions) and
 * answering with its exceptions. Changes are made one at a time, under one lock, in the store first and then
 * published to the {@link TableDirectory} every reader serves from.
 */
public final class TableDdl {
  private static final byte[] NO_NOTE = new byte[0];

  private final TabletStore store;
  private final TableDirectory tables;
  private final Namespaces namespaces;
  private final MemstoreFlush flusher;
  private final Object ddlLock = new Object();

  /**
   * Publishes every table the store holds. A table whose descriptor names no store file tracker gets one, as HBase's
   * master gives it to descriptors that lack it (its rolling upgrade chore, after a start): tables created before
   * Basalt named it, or changed to lack it, get it at the next start as there.
   *
   * @param flusher flushes a table's memstores where HBase closes its regions
   */
  public TableDdl(TabletStore store, TableDirectory tables, Namespaces namespaces, MemstoreFlush flusher)
      throws IOException {
    this.store = store;
    this.tables = tables;
    this.namespaces = namespaces;
    this.flusher = flusher;
    publishStored();
  }

  /**
   * Publishes the tables as the store holds them now and forgets published ones it no longer holds: in a cluster,
   * after another node's master changed the catalog. Under the DDL lock, so it neither interleaves with nor undoes
   * a change made here.
   */
  public void republish() throws IOException {
    synchronized (ddlLock) {
      Set<TableName> stored = new HashSet<>();
      for (Table storageTable : store.tables()) {
        stored.add(TableName.valueOf(storageTable.name()));
      }
      for (HBaseTable published : tables.all()) {
        if (!stored.contains(published.name())) {
          tables.forget(published.name());
        }
      }
      publishStored();
    }
  }

  private void publishStored() throws IOException {
    for (Table storageTable : store.tables()) {
      TableName name = TableName.valueOf(storageTable.name());
      Map<String, byte[]> properties = storageTable.definition().properties();
      TableDescriptor stored = TableProperties.descriptor(properties);
      TableState.State state = TableProperties.state(properties);
      // A cluster's tables were all created naming their tracker, and a modify may leave it out, as HBase's does:
      // there the descriptor is published as the catalog holds it. Only a single node's older tables can lack it.
      TableDescriptor descriptor = store.cluster().isReplicated() ? stored : StoreFileTrackers.withTracker(stored);
      if (descriptor != stored) {
        storageTable = store.replaceProperties(storageTable.name(), TableProperties.of(descriptor, state));
      }
      tables.publish(new HBaseTable(name, descriptor, state, storageTable));
    }
  }

  /** The tables as published. */
  public TableDirectory tables() {
    return tables;
  }

  /** The namespaces tables are created in. */
  Namespaces namespaces() {
    return namespaces;
  }

  /** The table published under this name. */
  HBaseTable require(TableName name) throws TableNotFoundException {
    return tables.require(name);
  }

  /**
   * Creates an enabled table with one region per range between consecutive split keys. Its descriptor names the
   * store file tracker, DEFAULT unless the request named one, as HBase's create records it.
   */
  public HBaseTable create(TableDescriptor requested, List<byte[]> splitKeys) throws IOException {
    return create(requested, splitKeys, NO_NOTE);
  }

  /**
   * {@link #create(TableDescriptor, List)} for a request whose nonce is {@code note}: in a cluster, a client retrying
   * the request after the catalog's leader changed under its first attempt gets the table that attempt created.
   */
  public HBaseTable create(TableDescriptor requested, List<byte[]> splitKeys, byte[] note) throws IOException {
    TableName name = requested.getTableName();
    SchemaChecks.check(requested);
    List<byte[]> splits = SchemaChecks.splitKeys(name, splitKeys);
    synchronized (ddlLock) {
      checkNamespace(name);
      if (tables.contains(name) && store.cluster().catalogNoteApplied(note)) {
        return tables.require(name);
      }
      if (TableName.META_TABLE_NAME.equals(name) || tables.contains(name)) {
        throw new TableExistsException(name);
      }
      StoreFileTrackers.checkCreate(requested);
      TableDescriptor descriptor = StoreFileTrackers.withTracker(requested);
      Table storageTable;
      try {
        storageTable = store.createTable(storageName(name),
            StorageLayout.newFamilies(descriptor.getColumnFamilies()), splits,
            TableProperties.of(descriptor, TableState.State.ENABLED), note);
      } catch (io.basalt.storage.errors.TableExistsException e) {
        throw new TableExistsException(name);
      }
      return publish(new HBaseTable(name, descriptor, TableState.State.ENABLED, storageTable));
    }
  }

  /** Drops a disabled table and all its data. */
  public void delete(TableName name) throws IOException {
    delete(name, NO_NOTE);
  }

  /**
   * {@link #delete(TableName)} for a request whose nonce is {@code note}; so are the other changes taking a note: in
   * a cluster, a client retrying the request after the catalog's leader changed under its first attempt is told it
   * succeeded if that attempt's change was made, instead of an error about the state it left.
   */
  public void delete(TableName name, byte[] note) throws IOException {
    synchronized (ddlLock) {
      if (store.cluster().catalogNoteApplied(note)) {
        return;
      }
      HBaseTable table = require(name);
      if (table.isEnabled()) {
        throw new TableNotDisabledException(name);
      }
      store.dropTable(storageName(name), note);
      tables.forget(name);
    }
  }

  /** Disables an enabled table: its regions stop serving, its data stays, flushed as HBase's closing regions are. */
  public HBaseTable disable(TableName name) throws IOException {
    return disable(name, NO_NOTE);
  }

  /** {@link #disable(TableName)} for a request whose nonce is {@code note} (see delete). */
  public HBaseTable disable(TableName name, byte[] note) throws IOException {
    synchronized (ddlLock) {
      HBaseTable table = require(name);
      if (store.cluster().catalogNoteApplied(note)) {
        return table;
      }
      if (!table.isEnabled()) {
        throw new TableNotEnabledException(name);
      }
      flusher.flush(table); // closing the regions flushes them
      return changeState(table, TableState.State.DISABLED, note);
    }
  }

  /** Enables a disabled table. */
  public HBaseTable enable(TableName name) throws IOException {
    return enable(name, NO_NOTE);
  }

  /** {@link #enable(TableName)} for a request whose nonce is {@code note} (see delete). */
  public HBaseTable enable(TableName name, byte[] note) throws IOException {
    synchronized (ddlLock) {
      HBaseTable table = require(name);
      if (store.cluster().catalogNoteApplied(note)) {
        return table;
      }
      if (table.isEnabled()) {
        throw new TableNotDisabledException(name);
      }
      return changeState(table, TableState.State.ENABLED, note);
    }
  }

  /**
   * Replaces a table's descriptor: families it adds start empty, families it leaves out are dropped with their
   * data, changed family options (VERSIONS, TTL, ...) apply to reads at once. Works on enabled tables, as HBase's
   * online schema change does. A store file tracker changes only as HBase allows. An enabled table is flushed
   * first under its old rules, as HBase's regions are when they close to reopen with the new descriptor: what that
   * flush drops (versions past the old VERSIONS, for one) stays gone under the new rules.
   */
  public HBaseTable modify(TableDescriptor descriptor) throws IOException {
    return modify(descriptor, NO_NOTE);
  }

  /** {@link #modify(TableDescriptor)} for a request whose nonce is {@code note} (see delete). */
  public HBaseTable modify(TableDescriptor descriptor, byte[] note) throws IOException {
    TableName name = descriptor.getTableName();
    SchemaChecks.check(descriptor);
    synchronized (ddlLock) {
      HBaseTable table = require(name);
      if (store.cluster().catalogNoteApplied(note)) {
        return table;
      }
      StoreFileTrackers.checkModify(table.descriptor(), descriptor, !table.isEnabled());
      if (table.isEnabled()) {
        flusher.flush(table);
      }
      List<NewFamily> added = new ArrayList<>();
      List<NewFamily> kept = new ArrayList<>();
      for (ColumnFamilyDescriptor family : descriptor.getColumnFamilies()) {
        (table.descriptor().hasColumnFamily(family.getName()) ? kept : added)
            .add(StorageLayout.newFamily(family));
      }
      List<byte[]> dropped = new ArrayList<>();
      for (ColumnFamilyDescriptor family : table.descriptor().getColumnFamilies()) {
        if (!descriptor.hasColumnFamily(family.getName())) {
          dropped.add(family.getName());
        }
      }
      Table storageTable = store.alterTable(storageName(name), added, dropped, kept,
          CellTtlFamilies.carried(TableProperties.of(descriptor, table.state()), current(table)), note);
      return publish(new HBaseTable(name, descriptor, table.state(), storageTable));
    }
  }

  public HBaseTable addFamily(TableName name, ColumnFamilyDescriptor family, byte[] note) throws IOException {
    synchronized (ddlLock) {
      if (store.cluster().catalogNoteApplied(note)) {
        return require(name);
      }
      TableDescriptor current = require(name).descriptor();
      if (current.hasColumnFamily(family.getName())) {
        throw new InvalidFamilyOperationException("Column family '" + family.getNameAsString() + "' in table '"
            + name + "' already exists so cannot be added");
      }
      return modify(TableDescriptorBuilder.newBuilder(current).setColumnFamily(family).build(), note);
    }
  }

  public HBaseTable modifyFamily(TableName name, ColumnFamilyDescriptor family, byte[] note) throws IOException {
    synchronized (ddlLock) {
      if (store.cluster().catalogNoteApplied(note)) {
        return require(name);
      }
      TableDescriptor current = require(name).descriptor();
      if (!current.hasColumnFamily(family.getName())) {
        throw new InvalidFamilyOperationException("Column family '" + family.getNameAsString()
            + "' does not exist, so it cannot be modified");
      }
      return modify(TableDescriptorBuilder.newBuilder(current).modifyColumnFamily(family).build(), note);
    }
  }

  public HBaseTable deleteFamily(TableName name, byte[] family, byte[] note) throws IOException {
    synchronized (ddlLock) {
      if (store.cluster().catalogNoteApplied(note)) {
        return require(name);
      }
      TableDescriptor current = require(name).descriptor();
      String familyName = Bytes.toStringBinary(family);
      if (!current.hasColumnFamily(family)) {
        throw new InvalidFamilyOperationException("Family '" + familyName + "' does not exist, so it cannot be "
            + "deleted");
      }
      if (current.getColumnFamilyCount() == 1) {
        throw new InvalidFamilyOperationException("Family '" + familyName + "' is the only column family in the "
            + "table, so it cannot be deleted");
      }
      return modify(TableDescriptorBuilder.newBuilder(current).removeColumnFamily(family).build(), note);
    }
  }

  /**
   * Changes the store file tracker of a table, or of one of its families, as HBase's {@code change_sft} does: see
   * {@link StoreFileTrackerChange}.
   *
   * @param family the family, or null for the whole table
   * @param tracker the tracker's name (DEFAULT, FILE) or class name
   */
  public void changeStoreFileTracker(TableName name, byte[] family, String tracker) throws IOException {
    synchronized (ddlLock) {
      new StoreFileTrackerChange(this, name, family, tracker).run();
    }
  }

  /**
   * Deletes every row of a disabled table and enables it again, with its old region boundaries or as one region.
   * The regions get new ids, as HBase gives a truncated table new regions.
   */
  public HBaseTable truncate(TableName name, boolean preserveSplits) throws IOException {
    return truncate(name, preserveSplits, NO_NOTE);
  }

  /** {@link #truncate(TableName, boolean)} for a request whose nonce is {@code note} (see delete). */
  public HBaseTable truncate(TableName name, boolean preserveSplits, byte[] note) throws IOException {
    synchronized (ddlLock) {
      HBaseTable table = require(name);
      if (store.cluster().catalogNoteApplied(note)) {
        return table;
      }
      if (table.isEnabled()) {
        throw new TableNotDisabledException(name);
      }
      List<byte[]> splits = new ArrayList<>();
      if (preserveSplits) {
        table.regions().stream().skip(1).forEach(region -> splits.add(region.getStartKey()));
      }
      Table storageTable = store.truncateTable(storageName(name), splits,
          CellTtlFamilies.carried(TableProperties.of(table.descriptor(), TableState.State.ENABLED), current(table)),
          note);
      return publish(new HBaseTable(name, table.descriptor(), TableState.State.ENABLED, storageTable));
    }
  }

  /**
   * Takes a storage snapshot of a table while no DDL changes it.
   *
   * @param flushFirst whether an enabled table is flushed first, as HBase's snapshots of type FLUSH flush it
   * @param properties what to keep with the snapshot, made from the table as it is
   */
  TableSnapshot snapshot(TableName name, String snapshotName, boolean flushFirst,
      Function<HBaseTable, Map<String, byte[]>> properties) throws IOException {
    synchronized (ddlLock) {
      HBaseTable table = require(name);
      if (flushFirst && table.isEnabled()) {
        flusher.flush(table);
      }
      return store.snapshots().create(storageName(name), snapshotName, properties.apply(table));
    }
  }

  /**
   * Creates an enabled table from a snapshot: the descriptor the snapshot's table had, under the new name, its
   * regions (same boundaries and ids, as HBase's clone keeps them) and its cells.
   *
   * @param tracker a store file tracker for the clone, in place of the table's and its families' settings; null or
   *     empty to keep them
   * @param note the request's nonce (see {@link #delete(TableName, byte[])})
   */
  HBaseTable cloneSnapshot(TableSnapshot snapshot, TableName name, String tracker, byte[] note) throws IOException {
    synchronized (ddlLock) {
      checkNamespace(name);
      if (tables.contains(name) && store.cluster().catalogNoteApplied(note)) {
        return require(name); // a retry of the request that cloned it, after a change of catalog leader
      }
      if (TableName.META_TABLE_NAME.equals(name) || tables.contains(name)) {
        throw new TableExistsException(name);
      }
      TableDescriptor descriptor = StoreFileTrackers.forClone(descriptorOf(snapshot, name), tracker);
      Table storageTable;
      try {
        storageTable = store.snapshots().cloneTo(snapshot.name(), storageName(name), CellTtlFamilies.carried(
            TableProperties.of(descriptor, TableState.State.ENABLED), snapshot.table().properties()), note);
      } catch (io.basalt.storage.errors.TableExistsException e) {
        throw new TableExistsException(name);
      }
      return publish(new HBaseTable(name, descriptor, TableState.State.ENABLED, storageTable));
    }
  }

  /**
   * Gives a disabled table a snapshot's descriptor, regions and cells in place of its own: rows written since are
   * gone, rows deleted since are back. The table stays disabled, as HBase leaves it.
   */
  HBaseTable restoreSnapshot(TableSnapshot snapshot, TableName name, byte[] note) throws IOException {
    synchronized (ddlLock) {
      HBaseTable table = require(name);
      if (store.cluster().catalogNoteApplied(note)) {
        return table; // a retry of the request that restored it (or cloned it), after a change of catalog leader
      }
      if (table.isEnabled()) {
        throw new TableNotDisabledException(name);
      }
      TableDescriptor descriptor = descriptorOf(snapshot, name);
      StoreFileTrackers.checkRestore(table.descriptor(), descriptor);
      Table storageTable = store.snapshots().restore(snapshot.name(), storageName(name), CellTtlFamilies.carried(
          TableProperties.of(descriptor, TableState.State.DISABLED), snapshot.table().properties()), note);
      return publish(new HBaseTable(name, descriptor, TableState.State.DISABLED, storageTable));
    }
  }

  private static TableDescriptor descriptorOf(TableSnapshot snapshot, TableName name) throws IOException {
    return TableDescriptorBuilder.copy(name, TableProperties.descriptor(snapshot.table().properties()));
  }

  /** Flushes a table's memstores, dropping what HBase's flush drops. */
  public void flush(TableName name) throws IOException {
    flusher.flush(require(name));
  }

  /** Removes an empty namespace; DDL on tables is held off meanwhile so none appears in it half-way. */
  public void deleteNamespace(String namespace) throws IOException {
    synchronized (ddlLock) {
      int tableCount = (int) tables.all().stream()
          .filter(table -> table.name().getNamespaceAsString().equals(namespace)).count();
      namespaces.delete(namespace, tableCount);
    }
  }

  /** A change to a table's tablets (a split or a merge) or to one tablet's rows, made under the DDL lock. */
  @FunctionalInterface
  interface TabletChange {
    void apply(HBaseTable table, String storageName) throws IOException;
  }

  /**
   * Changes a table's tablets and publishes the table with its new regions. The regions covering rows
   * {@code [startRow, endRow)} are flushed first, as HBase flushes the regions a split, merge or region truncation
   * closes, and only those.
   */
  HBaseTable changeTablets(TableName name, byte[] startRow, byte[] endRow, TabletChange change)
      throws IOException {
    synchronized (ddlLock) {
      HBaseTable table = require(name);
      flusher.flushRows(table, startRow, endRow);
      change.apply(table, storageName(name));
      return publish(new HBaseTable(name, table.descriptor(), table.state(), table.storage()));
    }
  }

  private HBaseTable changeState(HBaseTable table, TableState.State state, byte[] note) throws StorageException {
    Table storageTable = store.replaceProperties(storageName(table.name()),
        CellTtlFamilies.carried(TableProperties.of(table.descriptor(), state), current(table)), note);
    return publish(new HBaseTable(table.name(), table.descriptor(), state, storageTable));
  }

  /**
   * Records that these families of the table hold puts with their own TTL, durably, before the first such put is
   * written (see {@link CellTtlFamilies}). Families already recorded cost nothing more.
   */
  public void recordCellTtlFamilies(TableName name, List<byte[]> families) throws IOException {
    synchronized (ddlLock) {
      HBaseTable table = require(name);
      Map<String, byte[]> properties = current(table);
      Map<String, byte[]> recorded = CellTtlFamilies.with(properties, families);
      if (recorded != properties) {
        // The live storage table takes the new definition; writers read it from there, so nothing is republished.
        store.replaceProperties(storageName(name), recorded);
      }
    }
  }

  /** The table's properties as stored now, which may record more than its published snapshot was built from. */
  private static Map<String, byte[]> current(HBaseTable table) {
    return table.storage().definition().properties();
  }

  private HBaseTable publish(HBaseTable table) {
    return tables.publish(table);
  }

  private void checkNamespace(TableName name) throws NamespaceNotFoundException {
    namespaces.require(name.getNamespaceAsString());
  }

  /** Storage names always carry the namespace, so {@code t} and {@code default:t} are one table. */
  static String storageName(TableName name) {
    return name.getNameWithNamespaceInclAsString();
  }
}
