package io.basalt.tools.snapshot;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.tool.BulkLoadHFiles;
import org.apache.hadoop.hbase.tool.BulkLoadHFilesTool;
import org.apache.hadoop.hbase.tool.LoadIncrementalHFiles;

/**
 * Loads files into the imported table with HBase's own bulk load tool ({@link BulkLoadHFilesTool}, what
 * {@code completebulkload} runs): PrepareBulkLoad, one BulkLoadHFile call per region, CleanupBulkLoad.
 *
 * <p>Always in copy mode: Basalt, as HBase, otherwise removes a loaded file from its directory, and the snapshot's
 * files must stay where they are. The tool is told never to split a file: the table has the snapshot's region
 * boundaries, so a region's files fit it, and a split would write halves into the export's own directories. Its
 * limit of 32 files per region and family is lifted, as a snapshot taken between compactions may hold more. Each
 * load runs on the command's one connection ({@code doBulkLoad}) rather than a connection of its own
 * ({@code bulkLoad(TableName, Map)} opens one every call, with a ZooKeeper session and a meta lookup: 33-104 ms
 * against Basalt here, for regions whose loads take tens of milliseconds when small).
 */
final class RegionLoader {
  private final Configuration conf;
  private final Connection connection;
  private final TableName table;

  RegionLoader(Connection connection, TableName table) {
    this.connection = connection;
    this.table = table;
    this.conf = HBaseConfiguration.create(connection.getConfiguration());
    conf.setBoolean(BulkLoadHFiles.ALWAYS_COPY_FILES, true);
    conf.setBoolean(LoadIncrementalHFiles.FAIL_IF_NEED_SPLIT_HFILE, true);
    conf.setInt(LoadIncrementalHFiles.MAX_FILES_PER_REGION_PER_FAMILY, Integer.MAX_VALUE);
    // The tool reads each file's first and last rows on a pool of this many threads; the command already loads
    // several regions at once.
    conf.setInt("hbase.loadincremental.threads.max", 2);
    conf.set("fs.defaultFS", "file:///");
  }

  /**
   * Loads one region's files, load after load as {@link LoadLayers} ordered them.
   *
   * @throws ImportException if the tool reports a file it did not load
   */
  void load(List<Map<byte[], List<Path>>> loads) throws IOException {
    try (Admin admin = connection.getAdmin(); Table target = connection.getTable(table);
        RegionLocator locator = connection.getRegionLocator(table)) {
      for (Map<byte[], List<Path>> files : loads) {
        int count = files.values().stream().mapToInt(List::size).sum();
        Map<LoadIncrementalHFiles.LoadQueueItem, ByteBuffer> loaded =
            new BulkLoadHFilesTool(conf).doBulkLoad(files, admin, target, locator, false, true);
        if (loaded.size() != count) {
          throw new ImportException("HBase's bulk load tool loaded " + loaded.size() + " of " + count + " files: "
              + files.values());
        }
      }
    }
  }
}
