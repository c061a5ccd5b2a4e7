package io.basalt.hbase;

import io.basalt.hbase.bulkload.BulkLoader;
import io.basalt.hbase.cluster.MemberReport;
import io.basalt.hbase.cluster.RegionLocations;
import io.basalt.hbase.cluster.ServerIdentity;
import io.basalt.hbase.compaction.CompactionPolicy;
import io.basalt.hbase.compaction.CompactionQueue;
import io.basalt.hbase.compaction.WriteDrivenCompactions;
import io.basalt.hbase.keyviz.KeyVisualizer;
import io.basalt.hbase.keyviz.TableKeyCuts;
import io.basalt.hbase.logs.SlowLog;
import io.basalt.hbase.master.CatalogGrants;
import io.basalt.hbase.master.Master;
import io.basalt.hbase.meta.MetaRegion;
import io.basalt.hbase.metrics.RegionFigures;
import io.basalt.hbase.metrics.RequestMetrics;
import io.basalt.hbase.metrics.ServerMetrics;
import io.basalt.hbase.region.RegionDirectory;
import io.basalt.hbase.rpc.RpcDispatcher;
import io.basalt.hbase.scan.ScannerRegistry;
import io.basalt.hbase.schema.HBaseTable;
import io.basalt.hbase.schema.TableDirectory;
import io.basalt.hbase.security.AccessControl;
import io.basalt.hbase.security.Authorization;
import io.basalt.hbase.security.SecuritySettings;
import io.basalt.hbase.service.HBaseServices;
import io.basalt.hbase.stats.TabletStatistics;
import io.basalt.hbase.write.NonceRegistry;
import io.basalt.hbase.write.WritePolicy;
import io.basalt.storage.TabletStore;
import java.io.IOException;
import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.shaded.protobuf.ProtobufUtil;
import org.apache.hadoop.hbase.shaded.protobuf.generated.AdminProtos;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos;
import org.apache.hadoop.hbase.shaded.protobuf.generated.MasterProtos;
import org.apache.hadoop.hbase.shaded.protobuf.generated.RegistryProtos;

/**
 * Basalt's HBase personality over a tablet store: the master (table, namespace and snapshot DDL, splits and merges),
 * the tables it publishes, hbase:meta, the regions and scanners, and the five RPC services (ClientService,
 * AdminService, MasterService, ClientMetaService, HbckService) that the server exposes on its port.
 */
public final class HBaseFrontend implements AutoCloseable {
  private final Master master;
  private final ScannerRegistry scanners;
  private final CompactionQueue compactions;
  private final TabletStatistics statistics;
  private final RpcDispatcher dispatcher;
  private final ServerMetrics metrics;
  private final KeyVisualizer keys;
  private final RegionFigures regionFigures;
  private final RegionLocations locations;
  private final Clock clock;

  /** The front end of a single node: this process serves every region and is the master. */
  public HBaseFrontend(TabletStore store, ServerIdentity server, FrontendSettings settings) throws IOException {
    this(store, RegionLocations.singleNode(server), settings);
  }

  /**
   * The front end of a single node or of one cluster member, whose regions are served where {@code locations} says
   * (the tablets' leaders).
   */
  public HBaseFrontend(TabletStore store, RegionLocations locations, FrontendSettings settings) throws IOException {
    this(store, locations, settings, SecuritySettings.simple());
  }

  /**
   * As {@link #HBaseFrontend(TabletStore, RegionLocations, FrontendSettings)}, with the server's security (Kerberos,
   * delegation tokens).
   */
  public HBaseFrontend(TabletStore store, RegionLocations locations, FrontendSettings settings,
      SecuritySettings security) throws IOException {
    Clock clock = settings.clock();
    this.clock = clock;
    this.locations = locations;
    this.statistics = new TabletStatistics(clock);
    TableDirectory tables = new TableDirectory();
    this.master = new Master(store, tables, statistics, settings.splitMergePolicy(),
        settings.snapshotCleanupPeriodMillis(), clock);
    this.scanners = new ScannerRegistry(clock, settings.scannerLeaseMillis());
    MetaRegion meta = new MetaRegion(tables, locations, clock);
    statistics.sampleEverySecond();
    // HBase keeps nonces for 30 minutes (hbase.server.hashNonce.gracePeriod), longer than any client retries.
    NonceRegistry nonces = new NonceRegistry(clock, TimeUnit.MINUTES.toMillis(30));
    // In a cluster every replica learns the nonces of the increments it applies, for when it leads the tablet.
    store.cluster().onWriteNote(nonces::markApplied);
    // A cluster records no family's first put with its own TTL: see WritePolicy.
    RegionDirectory directory = new RegionDirectory(tables, meta, clock, new WritePolicy(nonces,
        settings.maxCellBytes(), master.ddl()::recordCellTtlFamilies, store.cluster().isReplicated()), statistics);
    CompactionPolicy compaction = settings.compactionPolicy();
    this.compactions = new CompactionQueue(clock, new WriteDrivenCompactions(compaction.minorMinCells()),
        directory);
    compactions.compactWhenWritten(directory::all, compaction.minorCheckPeriodMillis());
    compactions.compactPeriodically(directory::all, compaction.majorPeriodMillis());
    if (security.tokens() != null) {
      master.keepTokenKeys(security.tokens());
    }
    Authorization authorization = null;
    if (security.permissions() != null) {
      SecuritySettings.Permissions permissions = security.permissions();
      AccessControl control = new AccessControl(new CatalogGrants(store), permissions.superUsers(),
          permissions.superGroups(), permissions.groupsOf());
      // In a cluster another node's master may change the grants: every node checks against the latest.
      master.alsoFollowCatalog(control::reload);
      authorization = new Authorization(control, permissions.audit());
      master.checkPermissions();
    }
    master.start();
    this.keys = settings.keyVisualizer()
        ? KeyVisualizer.open(store.directory().resolveSibling("keyviz"), new TableKeyCuts(tables), clock) : null;
    if (keys != null) {
      keys.start();
    }
    RequestMetrics requests = new RequestMetrics(ServerMetrics.INTERVAL_MILLIS, keys);
    this.dispatcher = HBaseServices.dispatcher(locations, tables, master, directory, scanners, compactions, statistics,
        settings.maxScanResultBytes(), security, authorization, new SlowLog(settings.slowLog()), requests,
        new BulkLoader(store.directory().resolveSibling("bulkload")));
    this.regionFigures = new RegionFigures(directory, master.tables(), statistics);
    this.metrics = new ServerMetrics(requests, new ServerMetrics.Sources(locations, directory, master.tables(),
        statistics, store, scanners::openCount, compactions::length, compactions::lastMajorCompaction, clock));
  }

  /**
   * Loads and initializes the classes the front end needs before it exists: HBase's protocol descriptors (each
   * service's descriptor builds those of all its messages) and the HBase client classes that read and write
   * cells. In a cold JVM that is most of the front end's start, and it needs no store, so a server can do it on
   * another thread while it opens the store and binds its ports.
   */
  public static void preloadClasses() {
    ClientProtos.ClientService.getDescriptor();
    AdminProtos.AdminService.getDescriptor();
    MasterProtos.MasterService.getDescriptor();
    RegistryProtos.ClientMetaService.getDescriptor();
    MasterProtos.HbckService.getDescriptor();
    ProtobufUtil.toProtoTableName(TableName.META_TABLE_NAME);
    TableDescriptorBuilder.newBuilder(TableName.META_TABLE_NAME).build().getColumnFamilies();
  }

  public RpcDispatcher dispatcher() {
    return dispatcher;
  }

  /** The region server's and master's metrics, under HBase's names. */
  public ServerMetrics metrics() {
    return metrics;
  }

  /** Measures each region served (its size and request counts), for the info port's pages. */
  public RegionFigures regionFigures() {
    return regionFigures;
  }

  /**
   * What this member reports of itself to the cluster's other members: {@code version} (Basalt's), the regions
   * whose tablets it leads (and hbase:meta's, when it is the active master), its requests and its heap.
   */
  public MemberReport memberReport(String version) {
    ServerName self = locations.self().serverName();
    int regions = locations.isActiveMaster() ? 1 : 0; // hbase:meta's one region is the active master's
    for (HBaseTable table : master.tables().all()) {
      regions += (int) locations.servers(table).values().stream().filter(self::equals).count();
    }
    Runtime runtime = Runtime.getRuntime();
    return new MemberReport(version, regions, statistics.requestsPerSecond(), statistics.rpcCount(),
        runtime.totalMemory() - runtime.freeMemory(), runtime.maxMemory(), clock.millis());
  }

  /** The region compactions queued and running, for the info port's pages. */
  public CompactionQueue compactions() {
    return compactions;
  }

  /** Where in each table's key space requests went, by minute; empty when the server keeps no such record. */
  public Optional<KeyVisualizer> keyVisualizer() {
    return Optional.ofNullable(keys);
  }

  /** The tables served, as the master publishes them. */
  public TableDirectory tables() {
    return master.tables();
  }

  /** The master: its DDL, namespaces, snapshots, splits and merges, and the tables it publishes. */
  public Master master() {
    return master;
  }

  /**
   * Closes every open scanner and stops the automatic splits and merges, snapshot cleanup, compacting and sampling.
   * The store is closed by its owner.
   */
  @Override
  public void close() {
    master.close();
    scanners.close();
    compactions.close();
    statistics.close();
    if (keys != null) {
      keys.close();
    }
  }
}
