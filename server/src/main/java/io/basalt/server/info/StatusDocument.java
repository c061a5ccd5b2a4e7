package io.basalt.server.info;

import io.basalt.hbase.cluster.ServerIdentity;
import io.basalt.hbase.schema.TableDirectory;
import io.basalt.server.rpc.CallPlacement;
import java.util.function.Supplier;
import org.apache.hadoop.hbase.util.VersionInfo;

/** The JSON the info port serves at {@code /status}. */
public final class StatusDocument {
  /** Basalt's own version, from the server jar's manifest when packaged. */
  public static final String VERSION = versionOf(StatusDocument.class);

  private final long startMillis;
  private volatile ServerIdentity identity;
  private volatile String zookeeper;
  private volatile TableDirectory tables;
  private volatile Supplier<CallPlacement.Counts> calls;

  public StatusDocument(long startMillis) {
    this.startMillis = startMillis;
  }

  /** Completes the document once the server knows who it is; until then it reports "starting". */
  public void attach(ServerIdentity server, String zookeeperAddress, TableDirectory tables,
      Supplier<CallPlacement.Counts> callPlacement) {
    this.calls = callPlacement;
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
    }
    json.append("\"uptimeMillis\":").append(System.currentTimeMillis() - startMillis);
    return json.append('}').toString();
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
