package io.basalt.hbase.cluster;

import java.util.List;
import java.util.Optional;
import org.apache.hadoop.hbase.ServerName;

/**
 * The RPC servers of a cluster's nodes, as the registry shows them: which server is node N now (its address and
 * start code), which nodes are up, and what each last reported of itself. Kept by the server module, which learns
 * them from ZooKeeper.
 */
public interface ClusterNodes {
  /** The server node {@code node} (1-based) runs now, if it is up. */
  Optional<ServerName> server(int node);

  /** The servers of the nodes up now, in node order. */
  List<ServerName> servers();

  /** Changes whenever a node comes or goes. */
  long version();

  /** What the member running {@code server} last reported of itself, if it has and still runs. */
  Optional<MemberReport> report(ServerName server);
}
