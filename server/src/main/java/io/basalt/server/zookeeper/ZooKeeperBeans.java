package io.basalt.server.zookeeper;

import org.apache.zookeeper.jmx.MBeanRegistry;
import org.apache.zookeeper.jmx.ZKMBeanInfo;

/**
 * Keeps ZooKeeper's quorum peer from registering JMX MBeans. The peer registers itself, each member, its leader or
 * follower role, its data tree and each learner connection through ZooKeeper's one process-wide registry, with no
 * switch to turn that off, so the registry is replaced by one that registers nothing.
 */
final class ZooKeeperBeans {
  private ZooKeeperBeans() {}

  static synchronized void turnOff() {
    if (!(MBeanRegistry.getInstance() instanceof Unregistered)) {
      MBeanRegistry.setInstance(new Unregistered());
    }
  }

  private static final class Unregistered extends MBeanRegistry {
    @Override
    public void register(ZKMBeanInfo bean, ZKMBeanInfo parent) {}

    @Override
    public void unregister(ZKMBeanInfo bean) {}
  }
}
