package io.basalt.conformance.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.BasaltCluster;
import io.basalt.conformance.harness.SharedBasalt;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.hbase.ClusterMetrics;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.ServerMetrics;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What one member of a three-node cluster shows of the others, each of which reports its totals every few seconds
 * through ZooKeeper: ClusterMetrics lists every live server with its requests, heap and report time, the master bean
 * counts the whole cluster's requests, the status page gives each member's version, request rate and regions (their
 * regions adding up to every region of the cluster), and a table's page names the server of each region as the
 * stock client's region locator finds it.
 */
class ClusterStatusTest {
  private static final byte[] F = Bytes.toBytes("f");
  private static final long SETTLE_MILLIS = 30_000;
  /** A row of the status page's server list: name, start time, version, requests per second, regions, role. */
  private static final Pattern SERVER_ROW = Pattern.compile("<tr><td>([^<]+)</td><td>[^<]*</td><td>([^<]*)</td>"
      + "<td class=\"n\">([^<]*)</td><td class=\"n\">([^<]*)</td><td>[^<]*(?:master)[^<]*</td></tr>");
  /** A row of a table page's region list: encoded name (its full name as the title), then its server. */
  private static final Pattern REGION_ROW = Pattern.compile("<td title=\"[^\"]*\" class=\"region\">([0-9a-f]+)</td>"
      + "<td>([^<]*)</td>");

  private static BasaltCluster cluster;

  @RegisterExtension
  static final BeforeAllCallback SHARED = context -> cluster = (BasaltCluster) SharedBasalt.target(context);

  private final HttpClient http = HttpClient.newHttpClient();

  @Test
  void everyMemberShowsTheOthersFiguresAndEachRegionsServer() throws Exception {
    TableName name = TableName.valueOf("status_pages");
    try (Connection connection = ConnectionFactory.createConnection(ClusterClients.configuration(cluster));
        Admin admin = connection.getAdmin()) {
      byte[][] splits = {Bytes.toBytes("b"), Bytes.toBytes("d"), Bytes.toBytes("f"), Bytes.toBytes("h"),
          Bytes.toBytes("j")};
      admin.createTable(TableDescriptorBuilder.newBuilder(name).setColumnFamily(ColumnFamilyDescriptorBuilder.of(F))
          .build(), splits);
      try (Table table = connection.getTable(name)) {
        for (char row = 'a'; row <= 'k'; row++) {
          table.put(new Put(Bytes.toBytes(Character.toString(row))).addColumn(F, F, Bytes.toBytes("v")));
        }
      }
      int regions = 1; // hbase:meta
      for (TableName table : admin.listTableNames()) {
        regions += admin.getRegions(table).size();
      }

      ClusterMetrics metrics = admin.getClusterMetrics();
      assertEquals(3, metrics.getLiveServerMetrics().size(), metrics::toString);
      awaitEveryReport(admin);
      long requests = 0;
      for (ServerMetrics server : admin.getClusterMetrics().getLiveServerMetrics().values()) {
        // A member that leads no region may have served no call yet; every member has a heap and reports.
        assertTrue(server.getLastReportTimestamp() > 0 && server.getMaxHeapSize().get() > 0, server::toString);
        requests += server.getRequestCount();
      }
      assertTrue(requests > 0, "the calls the members reported: " + requests);
      awaitClusterRequests(requests);

      for (int node = 1; node <= cluster.size(); node++) {
        Map<String, String> shown = awaitServerList(node, regions);
        assertEquals(Set.copyOf(names(metrics.getLiveServerMetrics().keySet())), shown.keySet());
        shown.values().forEach(version -> assertTrue(!version.isEmpty() && !version.equals("\u2013"), shown::toString));
      }
      awaitRegionServers(connection, name);
    }
  }

  /**
   * Waits until node 1's master bean counts at least {@code requests} calls in the cluster: a bean is read afresh
   * only every few seconds, as HBase's are.
   */
  private void awaitClusterRequests(long requests) throws Exception {
    long deadline = System.currentTimeMillis() + SETTLE_MILLIS;
    Pattern clusterRequests = Pattern.compile("\"clusterRequests\"\\s*:\\s*(\\d+)");
    while (true) {
      String bean = page(1, "/jmx?qry=Hadoop:service=HBase,name=Master,sub=Server");
      Matcher counted = clusterRequests.matcher(bean);
      if (counted.find() && Long.parseLong(counted.group(1)) >= requests) {
        return;
      }
      if (System.currentTimeMillis() > deadline) {
        throw new AssertionError("no clusterRequests of at least " + requests + " in " + bean);
      }
      Thread.sleep(100);
    }
  }

  /** Waits until every live server has reported at least once, as ClusterMetrics shows them. */
  private static void awaitEveryReport(Admin admin) throws IOException, InterruptedException {
    long deadline = System.currentTimeMillis() + SETTLE_MILLIS;
    ClusterMetrics metrics = admin.getClusterMetrics();
    while (metrics.getLiveServerMetrics().values().stream().anyMatch(server -> server.getLastReportTimestamp() == 0)
        && System.currentTimeMillis() < deadline) {
      Thread.sleep(100);
      metrics = admin.getClusterMetrics();
    }
  }

  /**
   * Node {@code node}'s status page's server list, once its servers' regions add up to {@code regions} (each
   * member's count is as of its last report), as version by server name.
   */
  private Map<String, String> awaitServerList(int node, int regions) throws Exception {
    long deadline = System.currentTimeMillis() + SETTLE_MILLIS;
    while (true) {
      String page = page(node, "/master-status");
      Map<String, String> versions = new TreeMap<>();
      int counted = 0;
      Matcher row = SERVER_ROW.matcher(page);
      while (row.find()) {
        versions.put(row.group(1), row.group(2));
        counted += row.group(4).matches("\\d+") ? Integer.parseInt(row.group(4)) : 0;
      }
      if (counted == regions && versions.size() == cluster.size()) {
        return versions;
      }
      if (System.currentTimeMillis() > deadline) {
        throw new AssertionError("node " + node + "'s servers count " + counted + " of " + regions
            + " regions: " + versions + "\n" + page);
      }
      Thread.sleep(100);
    }
  }

  /** Waits until node 1's table page names the server the stock client's locator finds for every region. */
  private void awaitRegionServers(Connection connection, TableName name) throws Exception {
    long deadline = System.currentTimeMillis() + SETTLE_MILLIS;
    while (true) {
      Map<String, String> located = new HashMap<>();
      try (RegionLocator locator = connection.getRegionLocator(name)) {
        for (HRegionLocation location : locator.getAllRegionLocations()) {
          located.put(location.getRegion().getEncodedName(), location.getServerName().getServerName());
        }
      }
      String page = page(1, "/table.jsp?name=" + name.getNameAsString());
      Map<String, String> shown = new HashMap<>();
      Matcher row = REGION_ROW.matcher(page);
      while (row.find()) {
        shown.put(row.group(1), row.group(2));
      }
      if (shown.equals(located)) {
        return;
      }
      if (System.currentTimeMillis() > deadline) {
        assertEquals(located, shown, "the table page's servers against the client's region locations");
      }
      Thread.sleep(100);
      connection.clearRegionLocationCache();
    }
  }

  private String page(int node, String pathAndQuery) throws IOException, InterruptedException {
    HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
        + cluster.node(node).infoPort() + pathAndQuery)).build(), HttpResponse.BodyHandlers.ofString());
    assertEquals(200, response.statusCode(), response::body);
    return response.body();
  }

  private static List<String> names(Set<ServerName> servers) {
    return servers.stream().map(ServerName::getServerName).toList();
  }
}
