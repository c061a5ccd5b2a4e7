package io.basalt.conformance.security;

import static io.basalt.conformance.security.KerberosAuthenticationTest.as;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.basalt.conformance.harness.BasaltCluster;
import io.basalt.conformance.harness.SiteFileWriter;
import io.basalt.conformance.kerberos.TestKdc;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.security.token.AuthenticationTokenIdentifier;
import org.apache.hadoop.hbase.security.token.ClientTokenUtil;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.token.Token;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A three-node cluster with Kerberos and privacy: every node logs in as the same service principal (on loopback
 * all are localhost), and a stock Kerberos client reads and writes across the cluster's regions, wrapped end to end.
 * A delegation token the cluster issued authenticates a process without Kerberos on every node, also after the
 * master that issued it is killed: the token keys live in the replicated catalog.
 */
class ClusterKerberosTest {
  @TempDir
  Path dir;

  @Test
  void aClusterServesKerberosClientsAndTheirTokens() throws Exception {
    try (TestKdc kdc = TestKdc.start(dir.resolve("kdc"))) {
      UserGroupInformation alice = TestKdc.login("alice", kdc.keytab("alice"));
      Path site = SiteFileWriter.write(dir.resolve("cluster-site.xml"),
          KerberosSites.server(kdc.keytab("hbase/localhost"), "privacy"));
      try (BasaltCluster cluster = BasaltCluster.startWithJvmOptions(dir.resolve("cluster"), 3, "kerberos-cluster",
          kdc.jvmOptions(), "--config", site.toString())) {
        Configuration conf = KerberosSites.client(cluster.node(1), "privacy");
        conf.set("hbase.zookeeper.quorum", cluster.zookeeperQuorum());
        as(alice, () -> TlsClients.roundTrip(conf));
        Token<AuthenticationTokenIdentifier> token = as(alice, () -> {
          try (Connection connection = ConnectionFactory.createConnection(conf)) {
            return ClientTokenUtil.obtainToken(connection);
          }
        });
        UserGroupInformation task = UserGroupInformation.createRemoteUser("alice");
        task.addToken(token);
        as(task, () -> TlsClients.roundTrip(conf));
        assertEquals(3, as(task, () -> serversAnsweringWith(conf)), "every node takes the token");

        int master = as(alice, () -> {
          try (Connection connection = ConnectionFactory.createConnection(conf);
              Admin admin = connection.getAdmin()) {
            return cluster.nodeWithRpcPort(admin.getClusterMetrics().getMasterName().getPort());
          }
        });
        cluster.kill(master);
        as(task, () -> TlsClients.roundTrip(conf));
      }
    }
  }

  /** How many of the cluster's servers answered a call made on a connection to each of them. */
  private static int serversAnsweringWith(Configuration conf) throws Exception {
    try (Connection connection = ConnectionFactory.createConnection(conf); Admin admin = connection.getAdmin()) {
      List<ServerName> answered = new ArrayList<>();
      for (ServerName server : admin.getRegionServers()) {
        admin.getRegions(server); // AdminService on that server, over a connection of its own
        answered.add(server);
      }
      return answered.size();
    }
  }
}
