package io.basalt.server.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ClusterMembersTest {
  /** db1 is this machine; db2 and db3 are others; anything else does not resolve. No DNS is asked. */
  private static final MachineAddresses DB1 = new MachineAddresses() {
    private final Map<String, byte[]> hosts = Map.of("db1", new byte[] {10, 0, 0, 1}, "db2",
        new byte[] {10, 0, 0, 2}, "db3", new byte[] {10, 0, 0, 3}, "db4", new byte[] {10, 0, 0, 4});

    @Override
    public List<InetAddress> resolve(String host) throws UnknownHostException {
      byte[] address = hosts.get(host);
      if (address == null) {
        throw new UnknownHostException(host);
      }
      return List.of(InetAddress.getByAddress(host, address));
    }

    @Override
    public boolean isLocal(InetAddress address) {
      return address.getHostAddress().equals("10.0.0.1");
    }
  };

  private static final String THREE = "db1:7000,db2:7000,db3:7000";

  @Test
  void neitherSettingMeansTheSingleNode() throws ConfigException {
    ClusterMembers single = ClusterMembers.of(CommandLine.parse("start").config());
    assertFalse(single.isCluster());
    assertEquals(List.of(), single.members());
    assertEquals(List.of(), single.warnings());
    assertThrows(IllegalStateException.class, single::localId);
  }

  @Test
  void theListNamesEveryNodeAndItsDerivedPorts() throws ConfigException {
    ClusterMembers cluster = ClusterMembers.parse("1", " db1:7000, db2:7100 ,db3:65533", DB1);
    assertTrue(cluster.isCluster());
    assertEquals(1, cluster.localId());
    assertEquals(new ClusterMembers.Member(1, "db1", 7000), cluster.local());
    assertEquals(List.of(new ClusterMembers.Member(1, "db1", 7000), new ClusterMembers.Member(2, "db2", 7100),
        new ClusterMembers.Member(3, "db3", 65533)), cluster.members());
    ClusterMembers.Member second = cluster.members().get(1);
    assertEquals(7100, second.raftPort());
    assertEquals(7101, second.zooKeeperQuorumPort());
    assertEquals(7102, second.zooKeeperElectionPort());
    assertEquals("db2:7100", second.address());
    assertEquals(List.of(), cluster.warnings());
  }

  @Test
  void theFlagsSetTheProperties() throws ConfigException {
    BasaltConfig config = CommandLine.parse("start", "--node", "2", "--members=127.0.0.1:7000,localhost:7010,"
        + "127.0.0.1:7020").config();
    assertEquals("2", config.get(Settings.CLUSTER_NODE));
    ClusterMembers cluster = ClusterMembers.of(config);
    assertEquals(new ClusterMembers.Member(2, "localhost", 7010), cluster.local());
  }

  @Test
  void loopbackAndIpv6LiteralsAreThisMachineOnTheRealResolver() throws ConfigException {
    ClusterMembers cluster = ClusterMembers.parse("3", "192.0.2.1:7000,192.0.2.2:7000,[::1]:7000",
        MachineAddresses.SYSTEM);
    assertEquals("::1", cluster.local().host());
    assertEquals("[::1]:7000", cluster.local().address());
    assertEquals("[::1]", cluster.local().bracketedHost());
    assertEquals("--node 1 names 192.0.2.1:7000, which is not an address of this machine (it resolves to "
        + "192.0.2.1)", error("1", "192.0.2.1:7000,192.0.2.2:7000,[::1]:7000", MachineAddresses.SYSTEM));
  }

  @Test
  void anEvenCountIsAcceptedWithAWarning() throws ConfigException {
    ClusterMembers four = ClusterMembers.parse("1", THREE + ",db4:7000", DB1);
    assertEquals(4, four.members().size());
    assertEquals(List.of("--members lists 4 nodes, an even number: a majority of them is 3, so the cluster "
        + "survives the loss of no more nodes than with 3"), four.warnings());
  }

  @Test
  void eachMistakeIsOneClearLine() {
    assertEquals("--node (basalt.cluster.node) needs --members (basalt.cluster.members), the list of every node",
        error("2", " "));
    assertEquals("--members (basalt.cluster.members) needs --node (basalt.cluster.node), this node's id in the "
        + "list", error("", THREE));
    assertEquals("--members lists 2 nodes; a cluster needs at least 3 so that a majority survives the loss of "
        + "one", error("1", "db1:7000,db2:7000"));
    assertEquals("--members lists 1 node; a cluster needs at least 3 so that a majority survives the loss of one",
        error("1", "db1:7000"));
    assertEquals("--node (basalt.cluster.node) must be a whole number, not 'one'", error("one", THREE));
    assertEquals("--node 4 is not in the list: --members names nodes 1 to 3", error("4", THREE));
    assertEquals("--node 0 is not in the list: --members names nodes 1 to 3", error("0", THREE));
    assertEquals("--node 2 names db2:7000, which is not an address of this machine (it resolves to 10.0.0.2)",
        error("2", THREE));
    assertEquals("--node 1 names dbx:7000, whose host does not resolve on this machine",
        error("1", "dbx:7000,db2:7000,db3:7000"));
    assertEquals("--members lists one address twice: nodes 1 (db1:7000) and 3 (DB1:7000)",
        error("1", "db1:7000,db2:7000,DB1:7000"));
    assertEquals("--members nodes 1 (db1:7000) and 2 (db1:7002) overlap: each node uses its port, port+1 and "
        + "port+2", error("1", "db1:7000,db1:7002,db3:7000"));
  }

  @Test
  void malformedEntriesAndPortsAreNamed() {
    String malformed = "' is not HOST:PORT ([ADDRESS]:PORT for IPv6); the list is every node's HOST:PORT, comma "
        + "separated";
    assertEquals("--members entry 2 'db2" + malformed, error("1", "db1:7000,db2,db3:7000"));
    assertEquals("--members entry 2 '" + malformed, error("1", "db1:7000,,db3:7000"));
    assertEquals("--members entry 3 '" + malformed, error("1", "db1:7000,db2:7000,"));
    assertEquals("--members entry 2 ':7000" + malformed, error("1", "db1:7000,:7000,db3:7000"));
    assertEquals("--members entry 2 'db2:" + malformed, error("1", "db1:7000,db2:,db3:7000"));
    assertEquals("--members entry 2 'db2:70x0" + malformed, error("1", "db1:7000,db2:70x0,db3:7000"));
    assertEquals("--members entry 2 'db2:-1" + malformed, error("1", "db1:7000,db2:-1,db3:7000"));
    assertEquals("--members entry 2 '::1:7000" + malformed, error("1", "db1:7000,::1:7000,db3:7000"));
    assertEquals("--members entry 2 'db 2:7000" + malformed, error("1", "db1:7000,db 2:7000,db3:7000"));
    assertEquals("--members entry 2 '[::1]7000" + malformed, error("1", "db1:7000,[::1]7000,db3:7000"));
    String range = "; a cluster port must be 1 to 65533 (the node also uses port+1 and port+2 for ZooKeeper)";
    assertEquals("--members entry 3 'db3:65534' has port 65534" + range, error("1", "db1:7000,db2:7000,db3:65534"));
    assertEquals("--members entry 3 'db3:0' has port 0" + range, error("1", "db1:7000,db2:7000,db3:0"));
    assertEquals("--members entry 1 'db1:99999999999' has port 99999999999" + range,
        error("1", "db1:99999999999,db2:7000,db3:7000"));
    assertEquals("--members entry 2 '0.0.0.0:7000' names the wildcard address, which other nodes cannot dial: "
        + "name the node's own host or address", error("1", "db1:7000,0.0.0.0:7000,db3:7000"));
  }

  private static String error(String node, String members) {
    return error(node, members, DB1);
  }

  private static String error(String node, String members, MachineAddresses machine) {
    return assertThrows(ConfigException.class, () -> ClusterMembers.parse(node, members, machine)).getMessage();
  }
}
