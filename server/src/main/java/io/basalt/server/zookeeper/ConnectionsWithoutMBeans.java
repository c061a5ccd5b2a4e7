package io.basalt.server.zookeeper;

import org.apache.zookeeper.server.NIOServerCnxnFactory;
import org.apache.zookeeper.server.ServerCnxn;

/**
 * ZooKeeper's client port without a JMX MBean per connection: every HBase client that looks Basalt up opens one,
 * and registering it would build the JVM's platform MBean server for beans nobody reads (see EmbeddedZooKeeper).
 */
final class ConnectionsWithoutMBeans extends NIOServerCnxnFactory {
  @Override
  public void registerConnection(ServerCnxn connection) {}

  @Override
  public void unregisterConnection(ServerCnxn connection) {}
}
