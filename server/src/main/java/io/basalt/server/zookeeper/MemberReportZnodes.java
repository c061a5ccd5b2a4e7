package io.basalt.server.zookeeper;

import io.basalt.hbase.cluster.MemberReport;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;

/**
 * The members' reports of themselves ({@link MemberReport}) under {@code basalt/reports/<node>}: each member writes
 * its own every {@value #REPORT_MILLIS} ms, as often as an HBase region server reports to its master
 * ({@code hbase.regionserver.msginterval}), into an ephemeral znode, so that a member gone takes its report with it
 * and a new session's first write makes it again; the others read them when a page or a ClusterMetrics call asks,
 * each kept for {@value #READ_MILLIS} ms, so a page polled by many readers costs ZooKeeper one read per member and
 * second.
 */
final class MemberReportZnodes {
  static final long REPORT_MILLIS = 3_000;
  private static final long READ_MILLIS = 1_000;

  private record Read(Optional<MemberReport> report, long atNanos) {}

  private final Supplier<ZooKeeper> session;
  private final String directory;
  private final Map<Integer, Read> reads = new ConcurrentHashMap<>();

  /** {@code directory} is the znode path the reports are kept under. */
  MemberReportZnodes(Supplier<ZooKeeper> session, String directory) {
    this.session = session;
    this.directory = directory;
  }

  /** Writes node {@code node}'s report, making its znode when the session has none. */
  void publish(int node, MemberReport report) throws KeeperException, InterruptedException {
    ZooKeeper zk = session.get();
    String path = directory + "/" + node;
    byte[] data = report.encode();
    try {
      zk.setData(path, data, -1);
    } catch (KeeperException.NoNodeException e) {
      ClusterRegistry.ensurePath(zk, directory);
      try {
        zk.create(path, data, ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.EPHEMERAL);
      } catch (KeeperException.NodeExistsException stale) {
        // the ephemeral znode of this node's expired session, not yet removed: write over it now, and the next
        // report (after the old session is gone) makes it again
        zk.setData(path, data, -1);
      }
    }
  }

  /** Node {@code node}'s last report, read at most {@value #READ_MILLIS} ms ago; empty if it has none. */
  Optional<MemberReport> read(int node) throws KeeperException, InterruptedException {
    Read last = reads.get(node);
    long now = System.nanoTime();
    if (last != null && now - last.atNanos() < READ_MILLIS * 1_000_000) {
      return last.report();
    }
    Optional<MemberReport> report;
    try {
      report = MemberReport.parse(session.get().getData(directory + "/" + node, false, null));
    } catch (KeeperException.NoNodeException e) {
      report = Optional.empty();
    }
    reads.put(node, new Read(report, now));
    return report;
  }
}
