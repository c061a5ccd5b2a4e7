package io.basalt.conformance.security;

import static io.basalt.conformance.security.KerberosAuthenticationTest.as;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.BasaltCluster;
import io.basalt.conformance.harness.SiteFileWriter;
import io.basalt.conformance.kerberos.TestKdc;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.security.token.ClientTokenUtil;
import org.apache.hadoop.security.UserGroupInformation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A three-node cluster with Kerberos and privacy: every node logs in as the same service principal (on loopback
 * all are localhost), and a stock Kerberos client reads and writes across the cluster's regions, wrapped end to end.
 * Cluster members hand out no delegation tokens yet (security.md), and say so with HBase's message.
 */
class ClusterKerberosTest {
  @TempDir
  Path dir;

  @Test
  void aClusterServesKerberosClients() throws Exception {
    try (TestKdc kdc = TestKdc.start(dir.resolve("kdc"))) {
      UserGroupInformation alice = TestKdc.login("alice", kdc.keytab("alice"));
      Path site = SiteFileWriter.write(dir.resolve("cluster-site.xml"),
          KerberosSites.server(kdc.keytab("hbase/localhost"), "privacy"));
      try (BasaltCluster cluster = BasaltCluster.startWithJvmOptions(dir.resolve("cluster"), 3, "kerberos-cluster",
          kdc.jvmOptions(), "--config", site.toString())) {
        Configuration conf = KerberosSites.client(cluster.node(1), "privacy");
        conf.set("hbase.zookeeper.quorum", cluster.zookeeperQuorum());
        as(alice, () -> TlsClients.roundTrip(conf));
        String causes = as(alice, () -> {
          // A plain IOException, which clients retry for minutes, in HBase as here.
          try (Connection connection = ConnectionFactory.createConnection(TlsClients.failingFast(conf))) {
            ClientTokenUtil.obtainToken(connection);
            return "a token";
          } catch (IOException e) {
            return TlsClients.causes(e);
          }
        });
        assertTrue(causes.contains("No secret manager configured for token authentication"), causes);
      }
    }
  }
}
