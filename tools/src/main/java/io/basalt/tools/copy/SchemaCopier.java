package io.basalt.tools.copy;

import java.io.IOException;
import java.util.List;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.NamespaceNotFoundException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;

/**
 * Gives the target a table shaped like the source's: its namespace, every table and family attribute, and the
 * source's region boundaries as split keys. An existing target table is reused only if its schema is identical,
 * which makes a repeated copy safe: every cell keeps its timestamp, so writing it again changes nothing.
 */
final class SchemaCopier {
  private final Admin source;
  private final Admin target;

  SchemaCopier(Admin source, Admin target) {
    this.source = source;
    this.target = target;
  }

  /** Creates (or checks) the target table; returns true when it was created. */
  boolean prepare(TableName from, TableName to, byte[][] splitKeys) throws IOException {
    TableDescriptor wanted = TableDescriptorBuilder.copy(to, source.getDescriptor(from));
    if (target.tableExists(to)) {
      List<String> differences = SchemaDifferences.between(wanted, target.getDescriptor(to));
      if (!differences.isEmpty()) {
        throw new IOException("the target already has a table " + to + " with another schema ("
            + String.join("; ", differences) + "); drop it, or copy into another name with --rename");
      }
      return false;
    }
    ensureNamespace(to.getNamespaceAsString());
    if (splitKeys.length == 0) {
      target.createTable(wanted);
    } else {
      target.createTable(wanted, splitKeys);
    }
    return true;
  }

  private void ensureNamespace(String namespace) throws IOException {
    try {
      target.getNamespaceDescriptor(namespace);
    } catch (NamespaceNotFoundException e) {
      NamespaceDescriptor fromSource;
      try {
        fromSource = source.getNamespaceDescriptor(namespace);
      } catch (NamespaceNotFoundException renamedInto) {
        fromSource = NamespaceDescriptor.create(namespace).build();
      }
      target.createNamespace(fromSource);
    }
  }
}
