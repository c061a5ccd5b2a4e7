package io.basalt.storage;

import io.basalt.storage.catalog.FamilyDefinition;
import io.basalt.storage.catalog.NewFamily;
import io.basalt.storage.catalog.TableDefinition;
import io.basalt.storage.catalog.TabletDefinition;
import io.basalt.storage.errors.SnapshotExistsException;
import io.basalt.storage.errors.StorageException;
import io.basalt.storage.errors.TableExistsException;
import io.basalt.storage.errors.UnknownSnapshotException;
import io.basalt.storage.errors.UnknownTableException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.ratis.protocol.RaftGroupId;

/**
 * A cluster member's changes of the catalog: each is an entry in the catalog's group ({@link CatalogEntries}),
 * appended on this node (which must lead the group: its master is the active one) and applied by every node's
 * {@link CatalogReplica}; a call returns once this node's replica has applied it, with the answer it gave.
 */
final class CatalogChanges {
  private final StoreReplication replication;
  private final RaftGroupId catalogGroup;

  CatalogChanges(StoreReplication replication, RaftGroupId catalogGroup) {
    this.replication = replication;
    this.catalogGroup = catalogGroup;
  }

  /** Creates a table through the catalog's log; the new table is this node's once its replica applied it. */
  Table createTable(TableDefinition template, byte[] note) throws StorageException {
    submitCatalog(CatalogEntries.createTable(template, note), "creating table " + template.name(),
        template.name());
    Table table = replication.store().table(template.name())
        .orElseThrow(() -> new UnknownTableException(template.name()));
    awaitLeaders(table.definition());
    return table;
  }

  /**
   * Waits until every tablet of a new table has a leader this node knows of, as HBase's table creation returns once
   * its regions are open: a client that then asks whether the table is available finds every region located.
   * A new group's first election comes after a quarter to a half of the minimum election timeout (see
   * {@code RaftNode}); past the request timeout the table is returned anyway, and its regions show in hbase:meta
   * once their groups have elected.
   */
  void awaitLeaders(TableDefinition table) throws StorageException {
    awaitLeaders(table.id(), table.name(), table.tablets());
  }

  /** {@link #awaitLeaders(TableDefinition)} for some tablets of a table. */
  void awaitLeaders(long tableId, String name, List<TabletDefinition> tablets) throws StorageException {
    long deadline = System.nanoTime() + replication.settings().raft().requestTimeout().toNanos();
    for (TabletDefinition tablet : tablets) {
      while (replication.node().leaderNode(replication.groupOf(tableId, tablet)) == 0 && System.nanoTime() < deadline) {
        try {
          Thread.sleep(10); // polling interval: Ratis tells of a new leader on its own threads, not to a waiter
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new StorageException("interrupted while waiting for table " + name + "'s tablets' leaders");
        }
      }
    }
  }

  /** Alters or truncates a table through the catalog's log (see {@link CatalogEntries#reshapeTable}). */
  Table reshapeTable(TableDefinition target, byte[] note, String what) throws StorageException {
    submitCatalog(CatalogEntries.reshapeTable(target, note), what, target.name());
    Table table = replication.store().table(target.name()).orElseThrow(() -> new UnknownTableException(target.name()));
    awaitLeaders(table.definition());
    replication.tabletRequests().publishDefinition(table.definition());
    return table;
  }

  void dropTable(String name, byte[] note) throws StorageException {
    submitCatalog(CatalogEntries.dropTable(name, note), "dropping table " + name, name);
  }

  Table replaceProperties(String name, java.util.Map<String, byte[]> properties, byte[] note)
      throws StorageException {
    submitCatalog(CatalogEntries.replaceProperties(name, properties, note), "changing table " + name, name);
    return replication.store().table(name).orElseThrow(() -> new UnknownTableException(name));
  }

  void putSystemProperty(String key, byte[] value) throws StorageException {
    submitCatalog(CatalogEntries.putSystemProperty(key, value), "setting server property " + key, key);
  }

  void submitCatalog(byte[] entry, String what, String name) throws StorageException {
    byte[] answer = replication.node().submit(catalogGroup, entry, what);
    CatalogEntries.Answer decoded;
    try {
      decoded = CatalogEntries.readAnswer(answer);
    } catch (IOException e) {
      throw new StorageException("unreadable answer of the catalog to " + what, e);
    }
    switch (decoded.status()) {
      case CatalogEntries.OK -> { }
      case CatalogEntries.TABLE_EXISTS -> throw new TableExistsException(name);
      case CatalogEntries.UNKNOWN_TABLE -> throw new UnknownTableException(name);
      case CatalogEntries.SNAPSHOT_EXISTS -> throw new SnapshotExistsException(decoded.message());
      case CatalogEntries.UNKNOWN_SNAPSHOT -> throw new UnknownSnapshotException(decoded.message());
      default -> throw new StorageException(what + " failed: " + decoded.message());
    }
  }

  /**
   * Alters a table's families: the definition it is to have, the families it keeps with their creation indexes
   * (and new options), the added ones created by the entry.
   */
  Table alterTable(TableDefinition current, List<NewFamily> addFamilies, List<byte[]> dropFamilies,
      List<NewFamily> changedFamilies, Map<String, byte[]> properties, byte[] note) throws StorageException {
    List<FamilyDefinition> target = new ArrayList<>();
    for (FamilyDefinition family : current.families()) {
      if (dropFamilies.stream().noneMatch(family::hasName)) {
        target.add(family.withOptions(changedFamilies.stream().filter(changed -> family.hasName(changed.name()))
            .map(NewFamily::options).findFirst().orElse(family.options())));
      }
    }
    addFamilies.forEach(family -> target.add(new FamilyDefinition(family.name(), "", family.options())));
    return reshapeTable(new TableDefinition(current.id(), current.name(), target, current.tablets(), properties,
        target.size()), note, "altering table " + current.name());
  }

  /** Truncates a table: every family created anew by the entry, and the given tablets. */
  Table truncateTable(TableDefinition current, List<TabletDefinition> tablets, Map<String, byte[]> properties,
      byte[] note) throws StorageException {
    List<FamilyDefinition> target = new ArrayList<>();
    current.families().forEach(family -> target.add(new FamilyDefinition(family.name(), "", family.options())));
    return reshapeTable(new TableDefinition(current.id(), current.name(), target, tablets, properties,
        target.size()), note, "truncating table " + current.name());
  }
}
