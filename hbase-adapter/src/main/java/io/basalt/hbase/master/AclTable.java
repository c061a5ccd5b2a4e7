package io.basalt.hbase.master;

import io.basalt.hbase.security.PermissionTable;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.apache.hadoop.hbase.TableExistsException;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.regionserver.BloomType;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hbase.thirdparty.com.google.common.util.concurrent.ThreadFactoryBuilder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The hbase:acl table, created by the master when permissions are checked, as HBase's AccessController creates it
 * when its master starts: clients learn that permissions are checked by its being there
 * (AccessControlClient.isAccessControllerRunning asks whether it is available). Basalt keeps the grants themselves
 * in its catalog (CatalogGrants), which every node of a cluster holds; the table stays empty.
 *
 * <p>On a single node it is created at once. In a cluster only the active master may create it, and which node that
 * is may not be known yet at start, so every node tries every second until the table exists.
 */
public final class AclTable implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(AclTable.class);
  private static final long RETRY_MILLIS = 1000;

  private final TableDdl ddl;
  private final BooleanSupplier activeMaster;
  private ScheduledExecutorService worker;

  AclTable(TableDdl ddl, BooleanSupplier activeMaster) {
    this.ddl = ddl;
    this.activeMaster = activeMaster;
  }

  /** HBase's descriptor for it: one family {@code l}, one version, in memory, 8 KiB blocks, no bloom filter. */
  static TableDescriptor descriptor() {
    return TableDescriptorBuilder.newBuilder(PermissionTable.ACL_TABLE)
        .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(Bytes.toBytes("l")).setMaxVersions(1)
            .setInMemory(true).setBlocksize(8 * 1024).setBloomFilterType(BloomType.NONE)
            .setScope(0).build())
        .build();
  }

  /** Creates the table now if this node may, and keeps trying in the background until it exists. */
  synchronized void ensure() {
    if (tryCreate()) {
      return;
    }
    worker = Executors.newSingleThreadScheduledExecutor(
        new ThreadFactoryBuilder().setNameFormat("acl-table").setDaemon(true).build());
    worker.scheduleWithFixedDelay(() -> {
      if (tryCreate()) {
        worker.shutdown();
      }
    }, RETRY_MILLIS, RETRY_MILLIS, TimeUnit.MILLISECONDS);
  }

  /** Whether the table exists, after creating it if this node is the active master. */
  private boolean tryCreate() {
    if (ddl.tables().contains(PermissionTable.ACL_TABLE)) {
      return true;
    }
    if (!activeMaster.getAsBoolean()) {
      return false;
    }
    try {
      ddl.create(descriptor(), List.of());
      LOG.info("Created {}: permissions are checked", PermissionTable.ACL_TABLE);
      return true;
    } catch (TableExistsException e) {
      return true;
    } catch (IOException | RuntimeException e) {
      LOG.warn("Could not create {} (will try again): {}", PermissionTable.ACL_TABLE, e.getMessage());
      return false;
    }
  }

  @Override
  public synchronized void close() {
    if (worker != null) {
      worker.shutdownNow();
    }
  }
}
