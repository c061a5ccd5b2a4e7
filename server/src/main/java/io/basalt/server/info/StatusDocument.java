package io.basalt.server.info;

import io.basalt.hbase.cluster.ServerIdentity;
import io.basalt.hbase.schema.TableDirectory;
import io.basalt.server.rpc.CallPlacement;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import org.apache.hadoop.hbase.util.VersionInfo;

/**
 * The JSON the info port serves at {@code /status}, and for a cluster member at {@code /replicas}: each Raft group
 * the node hosts, its role and applied index, and on request ({@code ?digest=true}) a digest of each tablet's rows
 * at that index, to compare replicas across nodes.
 */
public final class StatusDocument {
  /** Basalt's own version, from the server jar's manifest when packaged. */
  public static final String VERSION = versionOf(StatusDocument.class);

  private final long startMillis;
  private volatile ServerIdentity identity;
  private volatile String zookeeper;
  private volatile TableDirectory tables;
  private volatile Supplier<CallPlacement.Counts> calls;
  private volatile Function<Boolean, Optional<ReplicationView>> replication = digests -> Optional.empty();

  public StatusDocument(long startMillis) {
    this.startMillis = startMillis;
  }

  /** Completes the document once the server knows who it is; until then it reports "starting". */
  public void attach(ServerIdentity server, String zookeeperAddress, TableDirectory tables,
      Supplier<CallPlacement.Counts> callPlacement, Function<Boolean, Optional<ReplicationView>> replication) {
    this.calls = callPlacement;
    this.replication = replication;
    this.identity = server;
    this.zookeeper = zookeeperAddress;
    this.tables = tables;
  }

  public String toJson() {
    ServerIdentity server = identity;
    TableDirectory tables = this.tables;
    StringBuilder json = new StringBuilder("{");
    field(json, "status", server == null ? "starting" : "running");
    field(json, "version", VERSION);
    field(json, "hbaseCompatibility", VersionInfo.getVersion());
    if (server != null) {
      field(json, "clusterId", server.clusterId());
      field(json, "serverName", server.serverName().getServerName());
      field(json, "rpc", server.hostAndPort());
      field(json, "zookeeper", zookeeper);
      json.append("\"tables\":").append(tables.all().size()).append(',');
      CallPlacement.Counts placement = calls.get();
      json.append("\"calls\":{\"onIoThreads\":").append(placement.onIoThreads())
          .append(",\"onHandlers\":").append(placement.onHandlers())
          .append(",\"shortButWouldHaveWaited\":").append(placement.wouldHaveWaited()).append("},");
      Optional<ReplicationView> replicas = replication.apply(false);
      if (replicas.isPresent()) {
        ReplicationView view = replicas.get();
        long leading = view.replicas().stream().filter(replica -> replica.role().equals("leader")).count();
        json.append("\"replication\":{\"groups\":").append(view.replicas().size())
            .append(",\"leading\":").append(leading)
            .append(",\"catalogInstalls\":").append(view.catalogInstalls())
            .append(",\"tabletInstalls\":").append(view.tabletInstalls()).append(',');
        if (view.failure() != null) {
          field(json, "failure", view.failure());
        }
        json.setCharAt(json.length() - 1, '}');
        json.append(',');
      }
    }
    json.append("\"uptimeMillis\":").append(System.currentTimeMillis() - startMillis);
    return json.append('}').toString();
  }

  /**
   * The node's replicas as JSON, with each tablet's digest if {@code digests} (which reads every tablet), or null on a
   * single node or before the server has started.
   */
  public String replicasJson(boolean digests) {
    if (identity == null) {
      return null;
    }
    Optional<ReplicationView> replicas = replication.apply(digests);
    if (replicas.isEmpty()) {
      return null;
    }
    ReplicationView view = replicas.get();
    StringBuilder json = new StringBuilder("{");
    json.append("\"catalogInstalls\":").append(view.catalogInstalls())
        .append(",\"tabletInstalls\":").append(view.tabletInstalls()).append(",\"replicas\":[");
    for (int i = 0; i < view.replicas().size(); i++) {
      ReplicationView.Replica replica = view.replicas().get(i);
      json.append(i == 0 ? "{" : ",{");
      field(json, "group", replica.group());
      field(json, "replicates", replica.replicates());
      field(json, "role", replica.role());
      if (replica.digest() != null) {
        field(json, "digest", replica.digest());
      }
      json.append("\"appliedIndex\":").append(replica.appliedIndex()).append('}');
    }
    return json.append("]}").toString();
  }

  private static void field(StringBuilder json, String name, String value) {
    json.append('"').append(name).append("\":\"");
    for (char c : String.valueOf(value).toCharArray()) {
      switch (c) {
        case '"' -> json.append("\\\"");
        case '\\' -> json.append("\\\\");
        default -> {
          if (c < 0x20) {
            json.append(String.format("\\u%04x", (int) c));
          } else {
            json.append(c);
          }
        }
      }
    }
    json.append("\",");
  }

  private static String versionOf(Class<?> type) {
    String version = type.getPackage().getImplementationVersion();
    return version == null ? "development" : version;
  }
}
