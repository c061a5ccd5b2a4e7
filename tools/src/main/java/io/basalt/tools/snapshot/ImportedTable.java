package io.basalt.tools.snapshot;

import java.io.IOException;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.NamespaceNotFoundException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;

/**
 * The table an import creates: the snapshot's schema under the name asked for, split at the snapshot's region
 * boundaries, in a namespace created for it if there is none. An existing table is never loaded into: its cells
 * would mix with the snapshot's. What the import created can be taken back while nothing is loaded yet.
 */
final class ImportedTable {
  private final Admin admin;
  private final TableName name;
  private boolean createdNamespace;

  private ImportedTable(Admin admin, TableName name) {
    this.admin = admin;
    this.name = name;
  }

  /** Fails if the table exists, before anything of the snapshot is read further. */
  static ImportedTable checkAbsent(Admin admin, TableName name) throws IOException {
    if (admin.tableExists(name)) {
      throw new ImportException("table " + name + " already exists; drop it first, or import under another name"
          + " with --table");
    }
    return new ImportedTable(admin, name);
  }

  TableName name() {
    return name;
  }

  /**
   * Creates the table and waits until its regions are online; if that fails, takes back the namespace it created
   * (and the table, should the server have created it after all).
   */
  void create(TableDescriptor schema, byte[][] splitKeys) throws IOException {
    String namespace = name.getNamespaceAsString();
    try {
      admin.getNamespaceDescriptor(namespace);
    } catch (NamespaceNotFoundException e) {
      admin.createNamespace(NamespaceDescriptor.create(namespace).build());
      createdNamespace = true;
    }
    TableDescriptor renamed = TableDescriptorBuilder.copy(name, schema);
    try {
      if (splitKeys.length == 0) {
        admin.createTable(renamed);
      } else {
        admin.createTable(renamed, splitKeys);
      }
    } catch (IOException e) {
      try {
        drop();
      } catch (IOException dropFailed) {
        e.addSuppressed(dropFailed);
      }
      throw new ImportException("cannot create " + name + " with the snapshot's schema: " + e.getMessage(), e);
    }
  }

  /** Drops the table, and the namespace if the import created it; for a failure before anything was loaded. */
  void drop() throws IOException {
    if (admin.tableExists(name)) {
      if (admin.isTableEnabled(name)) {
        admin.disableTable(name);
      }
      admin.deleteTable(name);
    }
    if (createdNamespace) {
      admin.deleteNamespace(name.getNamespaceAsString());
    }
  }
}
