package io.basalt.server.metrics;

import io.basalt.hbase.metrics.MetricsRecord;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.management.InstanceAlreadyExistsException;
import javax.management.InstanceNotFoundException;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.MBeanServerFactory;
import javax.management.MalformedObjectNameException;
import javax.management.ObjectName;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The JMX side of {@link MetricsBeans}: a private MBean server holding a {@link RecordBean} per record, the same
 * beans in the platform MBean server when this server holds the JVM's {@link PlatformSlot}, and the {@link BeansView}
 * the info port's {@code /jmx} reads. Kept apart from MetricsBeans so that a server's start, which only collects
 * records, loads none of JMX.
 */
final class BeanRegistry {
  static final String NAME_PREFIX = "Hadoop:service=HBase,name=";
  private static final Logger LOG = LoggerFactory.getLogger(BeanRegistry.class);

  private final PlatformSlot slot;
  private final MBeanServer own = MBeanServerFactory.newMBeanServer();
  private final MBeanServer view;
  /** Every record seen, with its bean's name; null for one whose name JMX refused. Guarded by this. */
  private final Map<MetricsRecord, ObjectName> names = new IdentityHashMap<>();
  /** Beans registered in the private server, in the order their records were added. Guarded by this. */
  private final Map<ObjectName, RecordBean> beans = new LinkedHashMap<>();
  /** The same beans' names, for the view, which reads them without the lock. */
  private volatile Set<ObjectName> ownNames = Set.of();
  /** Names this server registered in the platform server. Guarded by this. */
  private final List<ObjectName> inPlatform = new ArrayList<>();
  private boolean platformRefusalLogged;
  private boolean closed;

  BeanRegistry(PlatformSlot slot) {
    this.slot = slot;
    this.view = BeansView.create(own, () -> ownNames, slot);
  }

  MBeanServer view() {
    return view;
  }

  /**
   * Makes the private server hold a bean for each of {@code records} and for no other record: a record that has
   * gone (a dropped table's) takes its bean with it, from the platform server too.
   */
  synchronized void registerPrivately(List<MetricsRecord> records) {
    if (closed) {
      return;
    }
    Set<MetricsRecord> current = Collections.newSetFromMap(new IdentityHashMap<>());
    current.addAll(records);
    boolean changed = names.keySet().retainAll(current) | removeBeansOf(current);
    for (MetricsRecord record : records) {
      if (names.containsKey(record)) {
        continue;
      }
      changed = true;
      ObjectName name = nameOf(record);
      names.put(record, name);
      if (name == null) {
        continue;
      }
      RecordBean bean = new RecordBean(record);
      try {
        own.registerMBean(bean, name);
        beans.put(name, bean);
      } catch (InstanceAlreadyExistsException e) {
        LOG.warn("Two metrics records of this server are both named {}; JMX shows the first only", name);
      } catch (JMException e) {
        LOG.error("Could not register the metrics bean {}; /prometheus still shows its record", name, e);
      }
    }
    if (changed) {
      ownNames = Collections.unmodifiableSet(new LinkedHashSet<>(beans.keySet()));
    }
  }

  /** Unregisters the beans whose records are not among {@code current}; returns whether there were any. */
  private boolean removeBeansOf(Set<MetricsRecord> current) {
    List<ObjectName> gone = new ArrayList<>();
    for (Map.Entry<ObjectName, RecordBean> bean : beans.entrySet()) {
      if (!current.contains(bean.getValue().record())) {
        gone.add(bean.getKey());
      }
    }
    for (ObjectName name : gone) {
      beans.remove(name);
      unregister(own, name);
      if (inPlatform.remove(name)) {
        unregister(ManagementFactory.getPlatformMBeanServer(), name);
        slot.withdrawn(name);
      }
    }
    return !gone.isEmpty();
  }

  /**
   * Registers the private beans in the platform MBean server too, unless another Basalt server of this JVM already
   * publishes there. A name something else holds there (not Basalt) is left to it.
   */
  synchronized void registerInPlatform() {
    if (closed) {
      return;
    }
    if (!slot.claim(this)) {
      if (!platformRefusalLogged) {
        platformRefusalLogged = true;
        LOG.info("Another Basalt server in this JVM publishes its metrics beans to JMX; this server's are on its own "
            + "/jmx only");
      }
      return;
    }
    MBeanServer platform = ManagementFactory.getPlatformMBeanServer();
    for (Map.Entry<ObjectName, RecordBean> bean : beans.entrySet()) {
      ObjectName name = bean.getKey();
      if (inPlatform.contains(name)) {
        continue;
      }
      try {
        platform.registerMBean(bean.getValue(), name);
        inPlatform.add(name);
        slot.published(name);
      } catch (InstanceAlreadyExistsException e) {
        if (!platformRefusalLogged) {
          platformRefusalLogged = true;
          LOG.info("JMX already has a bean named {} in this JVM; this server's bean of that name, and any other so "
              + "taken, is on its own /jmx only", name);
        }
      } catch (JMException e) {
        LOG.error("Could not register the metrics bean {} with JMX; it is on this server's /jmx only", name, e);
      }
    }
  }

  /** Unregisters every bean this registry registered, in both servers; later registrations do nothing. */
  synchronized void close() {
    closed = true;
    if (!inPlatform.isEmpty()) {
      MBeanServer platform = ManagementFactory.getPlatformMBeanServer();
      for (ObjectName name : inPlatform) {
        unregister(platform, name);
        slot.withdrawn(name);
      }
      inPlatform.clear();
    }
    slot.release(this);
    for (ObjectName name : beans.keySet()) {
      unregister(own, name);
    }
    beans.clear();
    ownNames = Set.of();
  }

  private static void unregister(MBeanServer server, ObjectName name) {
    try {
      server.unregisterMBean(name);
    } catch (InstanceNotFoundException e) {
      LOG.debug("The metrics bean {} was already unregistered", name);
    } catch (JMException e) {
      LOG.warn("Could not unregister the metrics bean {}", name, e);
    }
  }

  private static ObjectName nameOf(MetricsRecord record) {
    try {
      return new ObjectName(NAME_PREFIX + record.jmxName());
    } catch (MalformedObjectNameException e) {
      LOG.error("Metrics record {} has a JMX name JMX refuses ({}); /prometheus still shows it", record.jmxName(),
          e.getMessage());
      return null;
    }
  }
}
