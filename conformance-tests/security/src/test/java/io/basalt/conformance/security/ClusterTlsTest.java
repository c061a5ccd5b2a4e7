package io.basalt.conformance.security;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.BasaltCluster;
import io.basalt.conformance.harness.SiteFileWriter;
import io.basalt.tools.cert.HBaseTlsProperties;
import io.basalt.tools.cert.StoreType;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A three-node cluster with TLS only on every node's RPC port and a TLS client port on every ZooKeeper peer: a stock
 * client that finds the cluster through one peer's TLS port and presents a certificate creates a table, writes and
 * reads it, and a plaintext client is refused. The nodes' Raft traffic is not part of this (see security.md).
 */
class ClusterTlsTest {
  private static final Pattern ZOOKEEPER_TLS_PORT = Pattern.compile("TLS client port (\\d+)");

  @TempDir
  Path dir;

  @Test
  void aClusterServesTlsClientsThroughZooKeepersTlsPort() throws Exception {
    TlsMaterial material = TlsMaterial.create(dir);
    Map<String, String> site = material.serverSite(StoreType.PKCS12);
    site.put("hbase.server.netty.tls.supportplaintext", "false");
    site.put("hbase.zookeeper.property.secureClientPort", "0");
    Path siteFile = SiteFileWriter.write(dir.resolve("cluster-site.xml"), site);
    try (BasaltCluster cluster = BasaltCluster.start(dir.resolve("cluster"), 3, "tls-cluster", "--config",
        siteFile.toString())) {
      Matcher port = ZOOKEEPER_TLS_PORT.matcher(TlsServers.awaitLogLine(cluster.node(2), "TLS client port"));
      assertTrue(port.find());
      Path trust = material.trustStore("trust", material.ca, StoreType.PKCS12);
      Path clientKeys = material.keyStore("client", material.client, StoreType.PKCS12);
      Map<String, String> tls = new HashMap<>(HBaseTlsProperties.client(clientKeys, trust, StoreType.PKCS12,
          TlsMaterial.PASSWORD));
      tls.putAll(ZooKeeperTls.clientProperties(clientKeys, trust));
      TlsClients.roundTrip(TlsClients.config(cluster.node(2).zookeeperHost(), Integer.parseInt(port.group(1)),
          tls));

      Configuration plaintext = TlsClients.config(cluster.node(1).zookeeperHost(), 0, Map.of());
      plaintext.set("hbase.zookeeper.quorum", cluster.zookeeperQuorum());
      IOException refused = TlsClients.refused(plaintext);
      assertTrue(TlsClients.causes(refused).contains("ConnectionClosedException"), TlsClients.causes(refused));
    }
  }
}
