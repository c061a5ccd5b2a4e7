package io.basalt.hbase.keyviz;

import io.basalt.hbase.schema.HBaseTable;
import io.basalt.hbase.schema.TableDirectory;
import io.basalt.storage.errors.StorageException;
import io.basalt.storage.errors.UnknownTableException;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.hbase.TableName;

/** The Key Visualizer's buckets of a served table, cut by the storage engine's size estimates. */
public final class TableKeyCuts implements KeyVisualizer.TableKeys {
  private final TableDirectory tables;

  public TableKeyCuts(TableDirectory tables) {
    this.tables = tables;
  }

  @Override
  public List<byte[]> cuts(String table, int parts) throws IOException {
    Optional<HBaseTable> served = tables.table(TableName.valueOf(table));
    if (served.isEmpty()) {
      return List.of(); // dropped meanwhile: one bucket until it goes idle
    }
    try {
      return served.get().storage().keyQuantiles(parts);
    } catch (UnknownTableException e) {
      return List.of();
    } catch (StorageException e) {
      throw new IOException("cannot cut " + table + " into key buckets: " + e.getMessage(), e);
    }
  }
}
