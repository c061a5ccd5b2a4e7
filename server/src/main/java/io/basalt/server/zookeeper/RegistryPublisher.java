package io.basalt.server.zookeeper;

import io.basalt.hbase.cluster.ServerIdentity;
import java.io.IOException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.WatchedEvent;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Publishes what HBase clients read from ZooKeeper: the cluster id, the active master and the hbase:meta location
 * (all this server), plus the region-server and running markers tools look at. The master and region-server znodes
 * are ephemeral, owned by this publisher's session: they vanish when Basalt stops or dies. If the session expires
 * (a long pause, or an external quorum's outage) the publisher opens a new one and publishes again.
 */
public final class RegistryPublisher implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(RegistryPublisher.class);

  private final String connectString;
  private final int sessionTimeoutMillis;
  private final String parent;
  private final ServerIdentity server;
  private final WriterMetadata metadata = WriterMetadata.ofThisProcess();
  private volatile ZooKeeper session;
  private volatile boolean closed;

  private RegistryPublisher(String connectString, int sessionTimeoutMillis, String parent, ServerIdentity server) {
    this.connectString = connectString;
    this.sessionTimeoutMillis = sessionTimeoutMillis;
    this.parent = parent.endsWith("/") && parent.length() > 1 ? parent.substring(0, parent.length() - 1) : parent;
    this.server = server;
  }

  /** Connects and publishes; fails if ZooKeeper cannot be reached within the session timeout. */
  public static RegistryPublisher publish(String connectString, int sessionTimeoutMillis, String parent,
      ServerIdentity server) throws IOException, InterruptedException {
    RegistryPublisher publisher = new RegistryPublisher(connectString, sessionTimeoutMillis, parent, server);
    publisher.connectAndPublish();
    return publisher;
  }

  private synchronized void connectAndPublish() throws IOException, InterruptedException {
    CountDownLatch connected = new CountDownLatch(1);
    ZooKeeper zk = new ZooKeeper(connectString, sessionTimeoutMillis, event -> onEvent(event, connected));
    if (!connected.await(sessionTimeoutMillis, TimeUnit.MILLISECONDS)) {
      zk.close();
      throw new IOException("cannot reach ZooKeeper at " + connectString + " within " + sessionTimeoutMillis
          + " ms");
    }
    try {
      write(zk);
    } catch (KeeperException e) {
      zk.close();
      throw new IOException("cannot publish Basalt's znodes under " + parent + " at " + connectString + ": "
          + e.getMessage(), e);
    }
    ZooKeeper previous = session;
    session = zk;
    if (previous != null) {
      previous.close();
    }
    LOG.info("Published master, meta location and cluster id under {} at {}", parent, connectString);
  }

  private void write(ZooKeeper zk) throws KeeperException, InterruptedException {
    ensurePath(zk, parent);
    upsert(zk, path(Znodes.CLUSTER_ID), metadata.prepend(Znodes.clusterId(server)));
    upsert(zk, path(Znodes.META_REGION_SERVER), metadata.prepend(Znodes.metaRegionServer(server)));
    upsert(zk, path(Znodes.RUNNING), metadata.prepend(Znodes.running()));
    ensurePath(zk, path(Znodes.REGION_SERVERS));
    // A stale copy (an earlier incarnation's session not yet expired on an external quorum) is replaced.
    replaceEphemeral(zk, path(Znodes.REGION_SERVERS) + "/" + server.serverName().getServerName(),
        metadata.prepend(Znodes.regionServer(server)));
    replaceEphemeral(zk, path(Znodes.MASTER), metadata.prepend(Znodes.master(server)));
  }

  private void onEvent(WatchedEvent event, CountDownLatch connected) {
    switch (event.getState()) {
      case SyncConnected -> connected.countDown();
      case Expired -> {
        if (!closed) {
          LOG.warn("ZooKeeper session expired; reconnecting to publish Basalt's znodes again");
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
        connectAndPublish();
        return;
      } catch (IOException e) {
        LOG.warn("Republishing to ZooKeeper failed, retrying in {} ms: {}", backoffMillis, e.getMessage());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
      try {
        Thread.sleep(backoffMillis);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
      backoffMillis = Math.min(backoffMillis * 2, 10_000);
    }
  }

  private String path(String child) {
    return (parent.equals("/") ? "" : parent) + "/" + child;
  }

  private static void ensurePath(ZooKeeper zk, String path) throws KeeperException, InterruptedException {
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
    try {
      zk.delete(path, -1);
    } catch (KeeperException.NoNodeException e) {
      // nothing to replace
    }
    zk.create(path, data, ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.EPHEMERAL);
  }

  /** Closes the session, which removes the ephemeral master and region-server znodes at once. */
  @Override
  public void close() throws InterruptedException {
    closed = true;
    ZooKeeper zk = session;
    if (zk != null) {
      zk.close();
    }
  }
}
