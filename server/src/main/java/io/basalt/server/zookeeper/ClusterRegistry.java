package io.basalt.server.zookeeper;

import io.basalt.hbase.cluster.ClusterNodes;
import io.basalt.hbase.cluster.MemberReport;
import io.basalt.hbase.cluster.RegionLocations;
import io.basalt.hbase.cluster.ServerIdentity;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.apache.hadoop.hbase.ServerName;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.WatchedEvent;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.Stat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A cluster member's part of the ZooKeeper registry. Every node publishes what HBase clients and tools read of a
 * region server (its {@code rs/} znode) and, under {@code basalt/nodes/<id>}, which server it runs, so every node
 * can name each region's leader in hbase:meta. The node whose Raft group leads the catalog is the active master: it
 * writes the {@code master} and {@code meta-region-server} znodes; the others list themselves under
 * {@code backup-masters}, as HBase's backup masters do. Roles are checked every {@value #ROLE_CHECK_MILLIS} ms, so
 * a new master is published within that of its election. The cluster id is chosen by the first node to start and
 * kept under {@code basalt/cluster-id}.
 *
 * <p>Ephemeral znodes belong to this registry's session; if it expires, a new session publishes them again.
 */
public final class ClusterRegistry implements ClusterNodes, AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(ClusterRegistry.class);
  static final long ROLE_CHECK_MILLIS = 100;
  private static final long NODES_RETRY_MILLIS = 1_000;
  private static final String BACKUP_MASTERS = "backup-masters";

  private final String connectString;
  private final int sessionTimeoutMillis;
  private final String parent;
  private final WriterMetadata metadata = WriterMetadata.ofThisProcess();
  private final AtomicLong version = new AtomicLong();
  private final ScheduledExecutorService roles = Executors.newSingleThreadScheduledExecutor(runnable -> {
    Thread thread = new Thread(runnable, "basalt-cluster-roles");
    thread.setDaemon(true);
    return thread;
  });
  private volatile ZooKeeper session;
  private volatile Map<Integer, ServerName> nodes = Map.of();
  private final Watcher nodesChanged = event -> {
    if (event.getType() != Watcher.Event.EventType.None) {
      refreshNodes();
    }
  };
  private volatile boolean closed;
  private ServerIdentity self;
  private int localNode;
  private RegionLocations locations;
  private Boolean publishedAsMaster;
  private final MemberReportZnodes reports;
  /** Whether the last report could not be written: the next failure is not logged again, a success is. */
  private boolean reportFailing;

  private ClusterRegistry(String connectString, int sessionTimeoutMillis, String parent) {
    this.connectString = connectString;
    this.sessionTimeoutMillis = sessionTimeoutMillis;
    this.parent = parent.endsWith("/") && parent.length() > 1 ? parent.substring(0, parent.length() - 1) : parent;
    this.reports = new MemberReportZnodes(() -> session, path("basalt/reports"));
  }

  /** Opens a session; fails if ZooKeeper does not answer within {@code waitMillis}. */
  public static ClusterRegistry connect(String connectString, int sessionTimeoutMillis, String parent,
      long waitMillis) throws IOException, InterruptedException {
    ClusterRegistry registry = new ClusterRegistry(connectString, sessionTimeoutMillis, parent);
    registry.session = registry.openSession(waitMillis);
    return registry;
  }

  private ZooKeeper openSession(long waitMillis) throws IOException, InterruptedException {
    CountDownLatch connected = new CountDownLatch(1);
    ZooKeeper zk = new ZooKeeper(connectString, sessionTimeoutMillis, event -> onSessionEvent(event, connected));
    if (!connected.await(waitMillis, TimeUnit.MILLISECONDS)) {
      zk.close();
      throw new IOException("ZooKeeper at " + connectString + " did not answer within " + waitMillis + " ms");
    }
    return zk;
  }

  /** The cluster's id: a new one if this is the first node ever to ask, else the one the first node chose. */
  public String clusterId() throws IOException, InterruptedException {
    String proposed = UUID.randomUUID().toString();
    String path = path("basalt/cluster-id");
    try {
      ensurePath(session, path("basalt"));
      try {
        session.create(path, proposed.getBytes(StandardCharsets.UTF_8), ZooDefs.Ids.OPEN_ACL_UNSAFE,
            CreateMode.PERSISTENT);
        return proposed;
      } catch (KeeperException.NodeExistsException e) {
        return new String(session.getData(path, false, null), StandardCharsets.UTF_8);
      }
    } catch (KeeperException e) {
      throw new IOException("cannot read or create the cluster id at " + path + ": " + e.getMessage(), e);
    }
  }

  /**
   * Checks that this node was started with the member list the cluster was formed with, recording it if this is
   * the first node ever to start: nodes started with different lists would name different peers for the same node
   * id and could never agree on anything. {@code members} is the list in node-id order.
   */
  public void checkMembers(String members) throws IOException, InterruptedException {
    String path = path("basalt/members");
    try {
      ensurePath(session, path("basalt"));
      try {
        session.create(path, members.getBytes(StandardCharsets.UTF_8), ZooDefs.Ids.OPEN_ACL_UNSAFE,
            CreateMode.PERSISTENT);
      } catch (KeeperException.NodeExistsException e) {
        String formed = new String(session.getData(path, false, null), StandardCharsets.UTF_8);
        if (!formed.equals(members)) {
          throw new IOException("this node was started with --members " + members + " but the cluster was formed "
              + "with --members " + formed + "; start every node with the same list, in the same order");
        }
      }
    } catch (KeeperException e) {
      throw new IOException("cannot read or record the cluster's members at " + path + ": " + e.getMessage(), e);
    }
  }

  /**
   * Publishes this node as {@code self}, starts following the other nodes and publishing the master's znodes
   * whenever {@code locations} says this node is the active master.
   */
  public void join(int node, ServerIdentity self, RegionLocations locations) throws IOException,
      InterruptedException {
    synchronized (this) {
      this.localNode = node;
      this.self = self;
      this.locations = locations;
    }
    try {
      publishMember(session);
    } catch (KeeperException e) {
      throw new IOException("cannot publish node " + node + " under " + parent + ": " + e.getMessage(), e);
    }
    try {
      roles.submit(this::readNodes).get(); // the nodes known before this node serves (a failed read is retried)
    } catch (ExecutionException e) {
      throw new IOException("cannot read the cluster's nodes under " + parent, e.getCause());
    }
    roles.scheduleWithFixedDelay(this::checkRole, 0, ROLE_CHECK_MILLIS, TimeUnit.MILLISECONDS);
  }

  /**
   * Publishes what {@code report} says of this node now, and again every {@value MemberReportZnodes#REPORT_MILLIS}
   * ms, for the other members' pages and ClusterMetrics; call after {@link #join}.
   */
  public void publishReports(Supplier<MemberReport> report) {
    roles.scheduleWithFixedDelay(() -> publishReport(report), 0, MemberReportZnodes.REPORT_MILLIS,
        TimeUnit.MILLISECONDS);
  }

  private void publishReport(Supplier<MemberReport> report) {
    if (closed) {
      return;
    }
    try {
      reports.publish(localNode, report.get());
      if (reportFailing) {
        LOG.info("Node {} publishes its report in ZooKeeper again", localNode);
      }
      reportFailing = false;
    } catch (KeeperException | RuntimeException e) {
      if (!reportFailing) {
        LOG.warn("Node {} could not publish its report in ZooKeeper (the other members show it without figures "
            + "until it can); trying every {} ms", localNode, MemberReportZnodes.REPORT_MILLIS, e);
      }
      reportFailing = true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private synchronized void publishMember(ZooKeeper zk) throws KeeperException, InterruptedException {
    ensurePath(zk, parent);
    upsert(zk, path(Znodes.CLUSTER_ID), metadata.prepend(Znodes.clusterId(self)));
    upsert(zk, path(Znodes.RUNNING), metadata.prepend(Znodes.running()));
    ensurePath(zk, path(Znodes.REGION_SERVERS));
    replaceEphemeral(zk, path(Znodes.REGION_SERVERS) + "/" + self.serverName().getServerName(),
        metadata.prepend(Znodes.regionServer(self)));
    ensurePath(zk, path("basalt/nodes"));
    replaceEphemeral(zk, path("basalt/nodes/" + localNode),
        self.serverName().getServerName().getBytes(StandardCharsets.UTF_8));
    ensurePath(zk, path(BACKUP_MASTERS));
    publishedAsMaster = null;
  }

  /**
   * Reads the nodes' servers on the roles thread, watching for the next change. Reads run there one at a time, in
   * the order they were asked for, so a read that lists the nodes after a change is never overwritten by one that
   * listed them before it: when the joining thread read for itself, a read its watch started could finish first, the
   * joining thread's older list then replaced it, and a node that joined meanwhile stayed unknown here (its regions
   * without a server in hbase:meta) until the next node came or went. A read that fails is tried again, since a
   * failed listing leaves no watch behind.
   */
  private void refreshNodes() {
    try {
      roles.execute(this::readNodes);
    } catch (RejectedExecutionException e) {
      // the registry is closed: there is nothing more to follow
    }
  }

  private void readNodes() {
    if (closed) {
      return;
    }
    try {
      ZooKeeper zk = session;
      SortedMap<Integer, ServerName> found = new TreeMap<>();
      for (String child : zk.getChildren(path("basalt/nodes"), nodesChanged)) {
        try {
          byte[] data = zk.getData(path("basalt/nodes/" + child), false, null);
          found.put(Integer.parseInt(child), ServerName.parseServerName(new String(data, StandardCharsets.UTF_8)));
        } catch (KeeperException.NoNodeException | NumberFormatException e) {
          // gone since listed, or not a node's znode
        }
      }
      nodes = Collections.unmodifiableSortedMap(found);
      version.incrementAndGet();
    } catch (KeeperException e) {
      LOG.warn("Could not read the cluster's nodes from ZooKeeper, trying again in {} ms: {}", NODES_RETRY_MILLIS,
          e.toString());
      try {
        roles.schedule(this::readNodes, NODES_RETRY_MILLIS, TimeUnit.MILLISECONDS);
      } catch (RejectedExecutionException rejected) {
        // closed meanwhile
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void checkRole() {
    try {
      boolean active = locations.isActiveMaster();
      synchronized (this) {
        if (publishedAsMaster != null && publishedAsMaster == active) {
          return;
        }
        ZooKeeper zk = session;
        String backup = path(BACKUP_MASTERS) + "/" + self.serverName().getServerName();
        if (active) {
          replaceEphemeral(zk, path(Znodes.MASTER), metadata.prepend(Znodes.master(self)));
          upsert(zk, path(Znodes.META_REGION_SERVER), metadata.prepend(Znodes.metaRegionServer(self)));
          deleteIfPresent(zk, backup, -1);
          LOG.info("Node {} is the active master", localNode);
        } else {
          Stat stat = new Stat();
          try {
            byte[] master = zk.getData(path(Znodes.MASTER), false, stat);
            if (master != null && Arrays.equals(WriterMetadata.payload(master), Znodes.master(self))) {
              deleteIfPresent(zk, path(Znodes.MASTER), stat.getVersion());
            }
          } catch (KeeperException.NoNodeException e) {
            // no master published
          }
          replaceEphemeral(zk, backup, metadata.prepend(Znodes.master(self)));
          if (publishedAsMaster != null) {
            LOG.info("Node {} is a backup master", localNode);
          }
        }
        publishedAsMaster = active;
      }
    } catch (KeeperException e) {
      LOG.debug("Could not publish node {}'s master role yet: {}", localNode, e.toString());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (RuntimeException e) {
      LOG.warn("Checking node {}'s master role failed", localNode, e);
    }
  }

  @Override
  public Optional<ServerName> server(int node) {
    return Optional.ofNullable(nodes.get(node));
  }

  @Override
  public List<ServerName> servers() {
    return new ArrayList<>(nodes.values());
  }

  @Override
  public long version() {
    return version.get();
  }

  @Override
  public Optional<MemberReport> report(ServerName server) {
    for (Map.Entry<Integer, ServerName> node : nodes.entrySet()) {
      if (node.getValue().equals(server)) {
        try {
          return reports.read(node.getKey());
        } catch (KeeperException e) {
          LOG.warn("Could not read node {}'s report from ZooKeeper: {}", node.getKey(), e.toString());
          return Optional.empty();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return Optional.empty();
        }
      }
    }
    return Optional.empty();
  }

  private void onSessionEvent(WatchedEvent event, CountDownLatch connected) {
    switch (event.getState()) {
      case SyncConnected -> connected.countDown();
      case Expired -> {
        if (!closed) {
          LOG.warn("ZooKeeper session expired; opening a new one to publish node {} again", localNode);
          Thread republisher = new Thread(this::republish, "zookeeper-republish");
          republisher.setDaemon(true);
          republisher.start();
        }
      }
      default -> LOG.debug("ZooKeeper session event {}", event);
    }
  }

  private void republish() {
    long backoffMillis = 500;
    while (!closed) {
      try {
        ZooKeeper zk = openSession(sessionTimeoutMillis);
        ZooKeeper previous = session;
        session = zk;
        if (self != null) {
          publishMember(zk);
          refreshNodes();
        }
        if (previous != null) {
          previous.close();
        }
        return;
      } catch (IOException | KeeperException e) {
        LOG.warn("Republishing to ZooKeeper failed, retrying in {} ms: {}", backoffMillis, e.getMessage());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
      try {
        Thread.sleep(backoffMillis); // back-off between attempts to reach ZooKeeper
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
      backoffMillis = Math.min(backoffMillis * 2, 10_000);
    }
  }

  /**
   * This node's clock against the ZooKeeper ensemble leader's: writes {@code basalt/clocks/<node>}, whose
   * modification time the leader stamps from its clock as it orders the change, and compares it with {@code clock}'s
   * time halfway through the round trip.
   */
  public ClockSkew measureClockSkew(int node, Clock clock) throws IOException, InterruptedException {
    String clocks = path("basalt/clocks");
    String path = clocks + "/" + node;
    try {
      ZooKeeper zk = session;
      ensurePath(zk, clocks);
      long before = clock.millis();
      byte[] data = Long.toString(before).getBytes(StandardCharsets.UTF_8);
      Stat stat = new Stat();
      try {
        stat = zk.setData(path, data, -1);
      } catch (KeeperException.NoNodeException e) {
        zk.create(path, data, ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT, stat);
      }
      long after = clock.millis();
      long halfTrip = (after - before + 1) / 2;
      return new ClockSkew(before + halfTrip - stat.getMtime(), halfTrip);
    } catch (KeeperException e) {
      throw new IOException("cannot compare node " + node + "'s clock with ZooKeeper's: " + e.getMessage(), e);
    }
  }

  private String path(String child) {
    return (parent.equals("/") ? "" : parent) + "/" + child;
  }

  static void ensurePath(ZooKeeper zk, String path) throws KeeperException, InterruptedException {
    StringBuilder current = new StringBuilder();
    for (String part : path.split("/")) {
      if (part.isEmpty()) {
        continue;
      }
      current.append('/').append(part);
      try {
        zk.create(current.toString(), new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
      } catch (KeeperException.NodeExistsException e) {
        // already there
      }
    }
  }

  private static void upsert(ZooKeeper zk, String path, byte[] data) throws KeeperException, InterruptedException {
    try {
      zk.create(path, data, ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
    } catch (KeeperException.NodeExistsException e) {
      zk.setData(path, data, -1);
    }
  }

  private static void replaceEphemeral(ZooKeeper zk, String path, byte[] data)
      throws KeeperException, InterruptedException {
    deleteIfPresent(zk, path, -1);
    zk.create(path, data, ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.EPHEMERAL);
  }

  private static void deleteIfPresent(ZooKeeper zk, String path, int version)
      throws KeeperException, InterruptedException {
    try {
      zk.delete(path, version);
    } catch (KeeperException.NoNodeException | KeeperException.BadVersionException e) {
      // gone already, or replaced by another node's
    }
  }

  /** Closes the session: this node's ephemeral znodes (region server, node, master or backup) go at once. */
  @Override
  public void close() throws InterruptedException {
    closed = true;
    roles.shutdownNow();
    ZooKeeper zk = session;
    if (zk != null) {
      zk.close();
    }
  }
}
