package io.basalt.hbase.cluster;

import org.apache.hadoop.hbase.ServerName;

/**
 * Who this Basalt process is to clients: the address they dial (one port for every service), the start code that
 * tells this incarnation from earlier ones, the cluster id kept in the data directory, and the info port.
 */
public record ServerIdentity(ServerName serverName, String clusterId, int infoPort) {

  public String hostAndPort() {
    return serverName.getAddress().toString();
  }

  public long startCode() {
    return serverName.getStartCode();
  }
}
