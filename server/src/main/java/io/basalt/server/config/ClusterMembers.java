package io.basalt.server.config;

import java.net.InetAddress;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Which nodes form the cluster and which of them this process is: {@code basalt.cluster.members} (flag
 * {@code --members}) and {@code basalt.cluster.node} (flag {@code --node}), checked as a whole so that a node
 * started with a wrong list stops with one clear line instead of joining the wrong peers. With neither set Basalt
 * is a single node.
 *
 * <p>A member's cluster port P is its Raft port; its embedded ZooKeeper peer uses P+1 for the quorum (followers to
 * the leader) and P+2 for leader election, so one port per member names all three, and P is at most 65533.
 */
public final class ClusterMembers {
  /** The smallest cluster that survives the loss of a node: a majority of three is two. */
  public static final int MIN_MEMBERS = 3;
  /** The highest cluster port: P+2 must be a port too. */
  public static final int MAX_CLUSTER_PORT = 65533;

  private static final ClusterMembers SINGLE_NODE = new ClusterMembers(List.of(), 0, List.of());

  /** One node of the cluster: its id (its place in the list, from 1), the host others reach it on, its port. */
  public record Member(int id, String host, int clusterPort) {
    /** Apache Ratis serves this node's Raft groups here. */
    public int raftPort() {
      return clusterPort;
    }

    /** The ZooKeeper leader listens here for its followers. */
    public int zooKeeperQuorumPort() {
      return clusterPort + 1;
    }

    /** ZooKeeper peers exchange leader-election votes here. */
    public int zooKeeperElectionPort() {
      return clusterPort + 2;
    }

    /** HOST:PORT as written in the member list, an IPv6 host in brackets. */
    public String address() {
      return bracketed(host) + ":" + clusterPort;
    }

    /** The host in the form a HOST:PORT string needs: an IPv6 address in brackets. */
    public String bracketedHost() {
      return bracketed(host);
    }

    private static String bracketed(String host) {
      return host.contains(":") ? "[" + host + "]" : host;
    }
  }

  private final List<Member> members;
  private final int localId;
  private final List<String> warnings;

  private ClusterMembers(List<Member> members, int localId, List<String> warnings) {
    this.members = List.copyOf(members);
    this.localId = localId;
    this.warnings = List.copyOf(warnings);
  }

  /** The cluster the configuration names, its own member address checked against this machine's addresses. */
  public static ClusterMembers of(BasaltConfig config) throws ConfigException {
    return parse(config.get(Settings.CLUSTER_NODE), config.get(Settings.CLUSTER_MEMBERS), MachineAddresses.SYSTEM);
  }

  static ClusterMembers parse(String nodeValue, String membersValue, MachineAddresses machine)
      throws ConfigException {
    String node = nodeValue == null ? "" : nodeValue.trim();
    String list = membersValue == null ? "" : membersValue.trim();
    if (node.isEmpty() && list.isEmpty()) {
      return SINGLE_NODE;
    }
    if (list.isEmpty()) {
      throw new ConfigException("--node (" + Settings.CLUSTER_NODE.key() + ") needs --members ("
          + Settings.CLUSTER_MEMBERS.key() + "), the list of every node");
    }
    if (node.isEmpty()) {
      throw new ConfigException("--members (" + Settings.CLUSTER_MEMBERS.key() + ") needs --node ("
          + Settings.CLUSTER_NODE.key() + "), this node's id in the list");
    }
    List<Member> members = parseList(list);
    int id = parseNodeId(node, members.size());
    checkIsThisMachine(members.get(id - 1), machine);
    List<String> warnings = new ArrayList<>();
    if (members.size() % 2 == 0) {
      warnings.add("--members lists " + members.size() + " nodes, an even number: a majority of them is "
          + (members.size() / 2 + 1) + ", so the cluster survives the loss of no more nodes than with "
          + (members.size() - 1));
    }
    return new ClusterMembers(members, id, warnings);
  }

  /** Whether this node is one of a replicated cluster; false for the single node. */
  public boolean isCluster() {
    return !members.isEmpty();
  }

  /** Every member in id order; empty for the single node. */
  public List<Member> members() {
    return members;
  }

  /** This node's id, from 1. */
  public int localId() {
    requireCluster();
    return localId;
  }

  /** This node's own entry. */
  public Member local() {
    requireCluster();
    return members.get(localId - 1);
  }

  /** What the operator should know about an accepted but questionable list (an even member count), to log. */
  public List<String> warnings() {
    return warnings;
  }

  private void requireCluster() {
    if (!isCluster()) {
      throw new IllegalStateException("a single node has no member id");
    }
  }

  private static List<Member> parseList(String list) throws ConfigException {
    List<Member> members = new ArrayList<>();
    for (String entry : list.split(",", -1)) {
      Member member = parseEntry(entry.trim(), members.size() + 1);
      for (Member earlier : members) {
        checkDistinct(earlier, member);
      }
      members.add(member);
    }
    if (members.size() < MIN_MEMBERS) {
      throw new ConfigException("--members lists " + members.size() + (members.size() == 1 ? " node" : " nodes")
          + "; a cluster needs at least " + MIN_MEMBERS + " so that a majority survives the loss of one");
    }
    return members;
  }

  private static Member parseEntry(String entry, int id) throws ConfigException {
    String host;
    String port;
    if (entry.startsWith("[")) {
      int close = entry.indexOf("]:");
      if (close < 0) {
        throw malformed(entry, id);
      }
      host = entry.substring(1, close);
      port = entry.substring(close + 2);
    } else {
      int colon = entry.lastIndexOf(':');
      if (colon < 0 || entry.indexOf(':') != colon) {
        throw malformed(entry, id);
      }
      host = entry.substring(0, colon);
      port = entry.substring(colon + 1);
    }
    if (host.isEmpty() || port.isEmpty() || !port.chars().allMatch(c -> c >= '0' && c <= '9')
        || host.chars().anyMatch(c -> Character.isWhitespace(c) || c == '[' || c == ']' || c == '/')) {
      throw malformed(entry, id);
    }
    if (host.equals("0.0.0.0") || host.equals("::") || host.equals("0:0:0:0:0:0:0:0")) {
      throw new ConfigException("--members entry " + id + " '" + entry
          + "' names the wildcard address, which other nodes cannot dial: name the node's own host or address");
    }
    int number = port.length() > 5 ? Integer.MAX_VALUE : Integer.parseInt(port);
    if (number < 1 || number > MAX_CLUSTER_PORT) {
      throw new ConfigException("--members entry " + id + " '" + entry + "' has port " + port + "; a cluster port "
          + "must be 1 to " + MAX_CLUSTER_PORT + " (the node also uses port+1 and port+2 for ZooKeeper)");
    }
    return new Member(id, host, number);
  }

  private static ConfigException malformed(String entry, int id) {
    return new ConfigException("--members entry " + id + " '" + entry + "' is not HOST:PORT ([ADDRESS]:PORT for "
        + "IPv6); the list is every node's HOST:PORT, comma separated");
  }

  /**
   * Two members on one host must not share a port: each uses three in a row. Hosts are compared as written; two
   * names of one machine are caught when the second node fails to bind.
   */
  private static void checkDistinct(Member earlier, Member member) throws ConfigException {
    if (!earlier.host().toLowerCase(Locale.ROOT).equals(member.host().toLowerCase(Locale.ROOT))) {
      return;
    }
    if (earlier.clusterPort() == member.clusterPort()) {
      throw new ConfigException("--members lists one address twice: nodes " + earlier.id() + " ("
          + earlier.address() + ") and " + member.id() + " (" + member.address() + ")");
    }
    if (Math.abs(earlier.clusterPort() - member.clusterPort()) <= 2) {
      throw new ConfigException("--members nodes " + earlier.id() + " (" + earlier.address() + ") and "
          + member.id() + " (" + member.address() + ") overlap: each node uses its port, port+1 and port+2");
    }
  }

  private static int parseNodeId(String node, int count) throws ConfigException {
    int id;
    try {
      id = Integer.parseInt(node);
    } catch (NumberFormatException e) {
      throw new ConfigException("--node (" + Settings.CLUSTER_NODE.key() + ") must be a whole number, not '"
          + node + "'");
    }
    if (id < 1 || id > count) {
      throw new ConfigException("--node " + id + " is not in the list: --members names nodes 1 to " + count);
    }
    return id;
  }

  /**
   * A node started with another node's id would join the peers under a name that is not its own: every message
   * for that id would reach the wrong machine. So the address its id names must resolve to one of this machine's.
   */
  private static void checkIsThisMachine(Member local, MachineAddresses machine) throws ConfigException {
    List<InetAddress> addresses;
    try {
      addresses = machine.resolve(local.host());
    } catch (UnknownHostException e) {
      throw new ConfigException("--node " + local.id() + " names " + local.address() + ", whose host does not "
          + "resolve on this machine");
    }
    try {
      for (InetAddress address : addresses) {
        if (machine.isLocal(address)) {
          return;
        }
      }
    } catch (SocketException e) {
      throw new ConfigException("cannot list this machine's network addresses to check --node " + local.id()
          + ": " + e.getMessage());
    }
    throw new ConfigException("--node " + local.id() + " names " + local.address() + ", which is not an address "
        + "of this machine (it resolves to " + describe(addresses) + ")");
  }

  private static String describe(List<InetAddress> addresses) {
    List<String> shown = new ArrayList<>();
    for (InetAddress address : addresses) {
      shown.add(address.getHostAddress());
    }
    return String.join(", ", shown);
  }
}
