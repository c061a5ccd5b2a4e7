package io.basalt.server.ui;

import io.basalt.hbase.cluster.MemberReport;
import io.basalt.hbase.cluster.RegionLocations;
import io.basalt.server.config.Settings;
import io.basalt.server.info.StatusDocument;
import io.basalt.server.info.WebPages;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.util.VersionInfo;

/**
 * {@code /master-status}, HBase's master page: this server at a glance, then HBase's sections: Region Servers,
 * Backup Masters, Tables (the first page; the tables page has the rest), Tasks and Software Attributes.
 */
final class MasterStatusPage implements Handler {
  private final ServerSources sources;
  private final TableList tables;
  private final TaskList tasks;

  MasterStatusPage(ServerSources sources, TableList tables, TaskList tasks) {
    this.sources = sources;
    this.tables = tables;
    this.tasks = tasks;
  }

  @Override
  public WebPages.Page answer(Query query) throws IOException {
    ServerName self = sources.identity().serverName();
    RegionLocations locations = sources.locations();
    List<RegionRow> regions = sources.regions().measure(null);
    Html html = Layout.begin((locations.isActiveMaster() ? "Master " : "Backup Master ") + self.getHostname(),
        "/master-status");
    summary(html, regions);
    Layout.section(html, "regionservers", "Region Servers");
    servers(html, regions);
    Layout.section(html, "backupmasters", "Backup Masters");
    backupMasters(html);
    Layout.section(html, "tables", "Tables");
    List<TableName> names = tables.names("");
    TableList.writeFilter(html, "");
    List<TableName> shown = names.subList(0, Math.min(names.size(), Paging.ROWS));
    TableList.write(html, tables.lines(shown, regions));
    if (shown.size() < names.size()) {
      html.open("p").link("/tablesDetailed.jsp?page=2", "The other " + Format.count(names.size() - shown.size())
          + " tables").close("p");
    }
    html.open("p").link("/snapshotsStats.jsp", "Snapshots").text(": ")
        .text(Format.count(sources.frontend().master().snapshots().list().size())).close("p");
    Layout.section(html, "tasks", "Tasks");
    tasks.write(html);
    Layout.section(html, "attributes", "Software Attributes");
    attributes(html);
    return Answers.html(200, Layout.end(html));
  }

  /** The figures an operator looks at first. */
  private void summary(Html html, List<RegionRow> regions) {
    long bytes = 0;
    double rate = 0;
    for (RegionRow row : regions) {
      bytes += row.bytes();
      rate += row.requestsPerSecond();
    }
    MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
    Map<String, Number> engine = RecordValues.of(sources.metrics(), "Basalt");
    Map<String, Number> rpc = RecordValues.of(sources.metrics(), "RegionServer,sub=IPC");
    long rocksDb = value(engine, "memtableBytes") + value(engine, "blockCacheBytes")
        + value(engine, "tableReaderBytes");
    html.open("dl", "class", "summary");
    term(html, "Version", "Basalt " + StatusDocument.VERSION + " (HBase " + VersionInfo.getVersion() + " protocol)");
    term(html, "Uptime", Format.duration(System.currentTimeMillis() - sources.startMillis()));
    term(html, "Cluster ID", sources.identity().clusterId());
    term(html, "Servers", Format.count(sources.locations().liveServers().size()) + " live, "
        + Format.count(sources.locations().backupMasters().size()) + " backup masters");
    term(html, "Tables", Format.count(sources.frontend().tables().all().size()));
    term(html, "Regions", Format.count(regions.size()) + ", " + Format.bytes(bytes));
    term(html, "Requests/s", Format.rate(rate));
    term(html, "Heap", Format.bytes(heap.getUsed()) + " used of " + Format.bytes(heap.getCommitted())
        + " committed" + (heap.getMax() > 0 ? ", " + Format.bytes(heap.getMax()) + " at most" : ""));
    term(html, "RocksDB memory", Format.bytes(rocksDb) + ": memtables " + Format.bytes(value(engine, "memtableBytes"))
        + ", block cache " + Format.bytes(value(engine, "blockCacheBytes")) + ", table readers "
        + Format.bytes(value(engine, "tableReaderBytes")));
    term(html, "Block cache", blockCacheLookups(RecordValues.of(sources.metrics(), "RegionServer,sub=Server")));
    term(html, "Connections", Format.count(value(rpc, "numOpenConnections")) + " open, "
        + Format.count(value(rpc, "numActiveHandler")) + " calls running, "
        + Format.count(value(rpc, "numCallsInGeneralQueue")) + " queued");
    html.close("dl");
  }

  private void servers(Html html, List<RegionRow> regions) {
    ServerName self = sources.identity().serverName();
    Optional<ServerName> active = sources.locations().activeMaster();
    List<RegionRow> served = regions.stream().filter(row -> row.server().filter(self::equals).isPresent()).toList();
    double rate = served.stream().mapToDouble(RegionRow::requestsPerSecond).sum();
    html.open("table", "class", "list servers");
    html.headings("Server", "Start time", "Version", "Requests/s", "Regions", "Role");
    for (ServerName server : sources.locations().liveServers()) {
      boolean isSelf = server.equals(self);
      html.open("tr");
      html.cell(server.getServerName()).cell(Format.time(server.getStartcode()));
      if (isSelf) {
        html.cell(StatusDocument.VERSION).number(Format.rate(rate)).number(Format.count(served.size()));
      } else {
        // Another member's figures are what it last reported of itself (every few seconds); none until it has.
        Optional<MemberReport> report = sources.locations().reportOf(server);
        html.cell(report.map(MemberReport::version).orElse("\u2013"));
        html.number(report.map(r -> Format.rate(r.requestsPerSecond())).orElse("\u2013"));
        html.number(report.map(r -> Format.count(r.regions())).orElse("\u2013"));
      }
      String role = active.isPresent() && active.get().equals(server) ? "active master" : "backup master";
      html.cell(role + (isSelf ? ", this server" : ""));
      html.close("tr");
    }
    html.close("table");
  }

  private void backupMasters(Html html) {
    List<ServerName> backups = sources.locations().backupMasters();
    if (backups.isEmpty()) {
      html.element("p", "None: this server is the whole cluster.", "class", "none");
      return;
    }
    html.open("table", "class", "list");
    html.headings("Server", "Start time");
    for (ServerName server : backups) {
      html.open("tr").cell(server.getServerName()).cell(Format.time(server.getStartcode())).close("tr");
    }
    html.close("table");
  }

  private void attributes(Html html) {
    String parent = sources.config().get(Settings.ZNODE_PARENT);
    html.open("table", "class", "attributes");
    html.headings("Attribute", "Value", "Meaning");
    row(html, "Basalt version", StatusDocument.VERSION, "this server's build");
    row(html, "HBase version", VersionInfo.getVersion(), "the HBase release whose protocol and behaviour it serves");
    row(html, "JVM", System.getProperty("java.vm.vendor") + " " + System.getProperty("java.vm.name") + " "
        + System.getProperty("java.runtime.version"), "the Java it runs on");
    row(html, "ZooKeeper quorum", sources.zookeeperAddress(), "where clients find the cluster");
    row(html, "ZooKeeper base path", parent, "the cluster's parent znode");
    row(html, "Cluster key", sources.zookeeperAddress() + ":" + parent, "names this cluster as a replication peer");
    row(html, "Root directory", sources.config().get(Settings.DATA_DIR), "where this server keeps its data");
    row(html, "Start time", Format.time(sources.startMillis()), "when this server started");
    row(html, "Cluster ID", sources.identity().clusterId(), "the cluster's unique id");
    row(html, "RPC address", sources.identity().hostAndPort(), "the port every HBase service is served on");
    row(html, "Coprocessors", "none", "Basalt runs no coprocessors");
    html.close("table");
  }

  private static void row(Html html, String name, String value, String meaning) {
    html.open("tr").cell(name).cell(value).cell(meaning).close("tr");
  }

  private static void term(Html html, String name, String value) {
    html.element("dt", name).element("dd", value);
  }

  /** The block cache's lookups since the start: how many, and the share of all and of data blocks that hit. */
  private static String blockCacheLookups(Map<String, Number> server) {
    long hits = value(server, "blockCacheHitCount");
    long lookups = hits + value(server, "blockCacheMissCount");
    long dataHits = value(server, "blockCacheDataHitCount");
    long dataLookups = dataHits + value(server, "blockCacheDataMissCount");
    if (lookups == 0) {
      return "no lookups yet";
    }
    return Format.count(lookups) + " lookups, " + percent(hits, lookups) + " hits; data blocks "
        + (dataLookups == 0 ? "not read yet" : percent(dataHits, dataLookups) + " hits");
  }

  private static String percent(long part, long whole) {
    return String.format(Locale.ROOT, "%.1f%%", 100.0 * part / whole);
  }

  private static long value(Map<String, Number> values, String name) {
    return values.getOrDefault(name, 0).longValue();
  }
}
