package io.basalt.tools.copy;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.TableNotFoundException;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.TableDescriptor;

/** The source tables a command line names, checked to exist before anything is written. */
final class TableSelection {
  private TableSelection() {}

  static List<TableName> resolve(CopyOptions options, Admin source) throws IOException {
    List<TableName> tables = new ArrayList<>();
    if (!options.tables().isEmpty()) {
      for (TableName table : options.tables()) {
        if (!source.tableExists(table)) {
          throw new TableNotFoundException("the source has no table " + table);
        }
        tables.add(table);
      }
    } else if (!options.namespaces().isEmpty()) {
      for (String namespace : options.namespaces()) {
        for (TableDescriptor table : source.listTableDescriptorsByNamespace(namespace.getBytes(
            java.nio.charset.StandardCharsets.UTF_8))) {
          tables.add(table.getTableName());
        }
      }
    } else {
      for (TableName table : source.listTableNames()) {
        if (!table.isSystemTable()) {
          tables.add(table);
        }
      }
    }
    if (tables.isEmpty()) {
      throw new IOException("the source has no tables to copy");
    }
    for (TableName renamed : options.renames().keySet()) {
      if (!tables.contains(renamed)) {
        throw new IOException("--rename names " + renamed + ", which is not being copied");
      }
    }
    return tables;
  }
}
