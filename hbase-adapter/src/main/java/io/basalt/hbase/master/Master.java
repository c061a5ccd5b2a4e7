package io.basalt.hbase.master;

import io.basalt.hbase.compaction.MemstoreFlush;
import io.basalt.hbase.schema.TableDirectory;
import io.basalt.hbase.security.AuthenticationTokens;
import io.basalt.hbase.stats.TabletStatistics;
import io.basalt.storage.TabletStore;
import java.io.IOException;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apache.hbase.thirdparty.com.google.common.util.concurrent.ThreadFactoryBuilder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The master: what HBase's HMaster does for a cluster, here for the tables of one store. It owns the table,
 * namespace and snapshot DDL, region splits and merges (asked for and automatic), the procedures clients follow,
 * the cluster switches and the snapshot cleanup; regions and the services read the tables it publishes in the
 * {@link TableDirectory}. One server is the whole cluster today, so its master is always the active one.
 */
public final class Master implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(Master.class);

  private final TableDirectory tables;
  private final TableDdl ddl;
  private final Namespaces namespaces;
  private final SnapshotManager snapshots;
  private final RegionSplitsAndMerges splits;
  private final ProcedureTracker procedures;
  private final ClusterSwitches switches;
  private final AutomaticSplitsAndMerges automaticSplits;
  private final SnapshotCleanupChore snapshotCleanup;
  private final AclTable aclTable;
  private final boolean replicated;
  private TokenKeyRotation tokenKeyRotation;
  private final ExecutorService catalogFollower;
  private final List<CatalogReload> alsoFollowing = new CopyOnWriteArrayList<>();

  /**
   * Publishes the store's tables to {@code tables}. Nothing runs in the background until {@link #start}.
   *
   * @param statistics the tablets' sizes and loads, which automatic splits and merges follow
   * @param splitMergePolicy when tablets are split and merged without anyone asking
   * @param snapshotCleanupPeriodMillis how often expired snapshots are deleted while snapshot cleanup is on
   */
  public Master(TabletStore store, TableDirectory tables, TabletStatistics statistics,
      SplitMergePolicy splitMergePolicy, long snapshotCleanupPeriodMillis, Clock clock) throws IOException {
    this.tables = tables;
    this.namespaces = new Namespaces(store);
    this.ddl = new TableDdl(store, tables, namespaces, new MemstoreFlush(clock));
    this.snapshots = new SnapshotManager(store.snapshots(), ddl, clock);
    this.splits = new RegionSplitsAndMerges(ddl, store, statistics);
    this.procedures = new ProcedureTracker(clock);
    this.switches = new ClusterSwitches(store);
    this.automaticSplits = new AutomaticSplitsAndMerges(tables, splits, statistics, switches, splitMergePolicy,
        clock, store.cluster()::leadsCatalog, !store.cluster().isReplicated());
    this.snapshotCleanup = new SnapshotCleanupChore(snapshots, switches, snapshotCleanupPeriodMillis);
    this.aclTable = new AclTable(ddl, store.cluster()::leadsCatalog);
    this.replicated = store.cluster().isReplicated();
    if (store.cluster().isReplicated()) {
      // Another node's master may change the catalog: follow it. The store calls on the catalog's applier thread,
      // which must not wait (this node's own DDL may be waiting for that very entry), so the work is handed over.
      catalogFollower = Executors.newSingleThreadExecutor(new ThreadFactoryBuilder().setDaemon(true)
          .setNameFormat("basalt-catalog-follower").build());
      store.cluster().onCatalogChange(() -> catalogFollower.execute(this::followCatalog));
    } else {
      catalogFollower = null;
    }
  }

  /** Publishes what the catalog holds now, after a change applied here (made by this master or another). */
  private void followCatalog() {
    try {
      ddl.republish();
      namespaces.reload();
      switches.reload();
      for (CatalogReload reload : alsoFollowing) {
        reload.reload();
      }
    } catch (IOException e) {
      LOG.warn("Could not follow a change of the catalog: {}", e.getMessage());
    }
  }

  /** Something else kept in the catalog, read again after each change of it. */
  public interface CatalogReload {
    void reload() throws IOException;
  }

  /** Has {@code reload} run after each change of the catalog made by another node's master. */
  public void alsoFollowCatalog(CatalogReload reload) {
    alsoFollowing.add(reload);
  }

  /**
   * With permissions checked: makes sure hbase:acl exists, by which clients tell that permissions are checked (see
   * {@link AclTable}).
   */
  public void checkPermissions() {
    aclTable.ensure();
  }

  /**
   * With delegation tokens: in a cluster, every node reads the keys again when the catalog changes, and the active
   * master makes the next key when one is due (see {@link TokenKeyRotation}).
   */
  public synchronized void keepTokenKeys(AuthenticationTokens tokens) {
    if (replicated && tokenKeyRotation == null) {
      alsoFollowCatalog(tokens::reload);
      tokenKeyRotation = new TokenKeyRotation(tokens);
    }
  }

  /** Starts the master's background work: automatic splits and merges, and the snapshot cleanup. */
  public void start() {
    automaticSplits.start();
    snapshotCleanup.start();
  }

  /** The tables as the master publishes them. */
  public TableDirectory tables() {
    return tables;
  }

  public TableDdl ddl() {
    return ddl;
  }

  public Namespaces namespaces() {
    return namespaces;
  }

  public SnapshotManager snapshots() {
    return snapshots;
  }

  public RegionSplitsAndMerges splits() {
    return splits;
  }

  public ProcedureTracker procedures() {
    return procedures;
  }

  public ClusterSwitches switches() {
    return switches;
  }

  public SnapshotCleanupChore snapshotCleanup() {
    return snapshotCleanup;
  }

  /** Stops the background work; DDL in progress finishes. */
  @Override
  public void close() {
    automaticSplits.close();
    snapshotCleanup.close();
    aclTable.close();
    synchronized (this) {
      if (tokenKeyRotation != null) {
        tokenKeyRotation.close();
      }
    }
    if (catalogFollower != null) {
      catalogFollower.shutdownNow();
    }
  }
}
