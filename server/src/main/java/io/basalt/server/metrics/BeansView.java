package io.basalt.server.metrics;

import java.lang.management.ManagementFactory;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import javax.management.InstanceNotFoundException;
import javax.management.MBeanServer;
import javax.management.ObjectInstance;
import javax.management.ObjectName;
import javax.management.QueryExp;

/**
 * What one server's {@code /jmx} reads: its own metrics beans (from its private MBean server) followed by the
 * platform MBean server's beans (the JVM's {@code java.lang} beans and any other library's), as HBase's {@code /jmx}
 * shows its metrics beans beside the JVM's. Beans another Basalt server of the JVM published in the platform server
 * are left out, so each server's page shows its own values only. Read-only: it answers queries, descriptions and
 * attribute reads; registering, writing and invoking are refused.
 */
final class BeansView implements InvocationHandler {
  private final MBeanServer own;
  private final Supplier<Set<ObjectName>> ownNames;
  private final PlatformSlot slot;

  private BeansView(MBeanServer own, Supplier<Set<ObjectName>> ownNames, PlatformSlot slot) {
    this.own = own;
    this.ownNames = ownNames;
    this.slot = slot;
  }

  /** {@code ownNames}: the names of this server's beans in {@code own}, in the order the view lists them. */
  static MBeanServer create(MBeanServer own, Supplier<Set<ObjectName>> ownNames, PlatformSlot slot) {
    return (MBeanServer) Proxy.newProxyInstance(BeansView.class.getClassLoader(), new Class<?>[] {MBeanServer.class},
        new BeansView(own, ownNames, slot));
  }

  @Override
  public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
    switch (method.getName()) {
      case "queryNames":
        return queryNames((ObjectName) args[0], (QueryExp) args[1]);
      case "queryMBeans":
        return queryMBeans((ObjectName) args[0], (QueryExp) args[1]);
      case "getMBeanCount":
        return queryNames(null, null).size();
      case "isRegistered":
        return owns((ObjectName) args[0]) || visibleInPlatform((ObjectName) args[0]);
      case "getDefaultDomain":
        return platform().getDefaultDomain();
      case "getDomains":
        Set<String> domains = new LinkedHashSet<>();
        for (ObjectName name : queryNames(null, null)) {
          domains.add(name.getDomain());
        }
        return domains.toArray(new String[0]);
      case "getMBeanInfo":
      case "getAttribute":
      case "getAttributes":
      case "getObjectInstance":
      case "isInstanceOf":
        return call(serverOf((ObjectName) args[0]), method, args);
      case "hashCode":
        return System.identityHashCode(proxy);
      case "equals":
        return proxy == args[0];
      case "toString":
        return "the metrics view of a Basalt server";
      default:
        throw new UnsupportedOperationException("This view of the MBean servers is read-only: " + method.getName());
    }
  }

  private Set<ObjectName> queryNames(ObjectName pattern, QueryExp query) {
    Set<ObjectName> mine = own.queryNames(pattern, query);
    Set<ObjectName> names = new LinkedHashSet<>();
    for (ObjectName name : ownNames.get()) {
      if (mine.contains(name)) {
        names.add(name);
      }
    }
    for (ObjectName name : platform().queryNames(pattern, query)) {
      if (!slot.isPublished(name)) {
        names.add(name);
      }
    }
    return names;
  }

  private Set<ObjectInstance> queryMBeans(ObjectName pattern, QueryExp query) {
    Map<ObjectName, ObjectInstance> instances = new LinkedHashMap<>();
    Map<ObjectName, ObjectInstance> mine = new LinkedHashMap<>();
    for (ObjectInstance instance : own.queryMBeans(pattern, query)) {
      mine.put(instance.getObjectName(), instance);
    }
    for (ObjectName name : ownNames.get()) {
      ObjectInstance instance = mine.get(name);
      if (instance != null) {
        instances.put(name, instance);
      }
    }
    for (ObjectInstance instance : platform().queryMBeans(pattern, query)) {
      if (!slot.isPublished(instance.getObjectName())) {
        instances.putIfAbsent(instance.getObjectName(), instance);
      }
    }
    return new LinkedHashSet<>(instances.values());
  }

  private boolean owns(ObjectName name) {
    return ownNames.get().contains(name);
  }

  private boolean visibleInPlatform(ObjectName name) {
    return !slot.isPublished(name) && platform().isRegistered(name);
  }

  private MBeanServer serverOf(ObjectName name) throws InstanceNotFoundException {
    if (owns(name)) {
      return own;
    }
    if (slot.isPublished(name)) {
      throw new InstanceNotFoundException(name + " belongs to another Basalt server of this JVM");
    }
    return platform();
  }

  private static MBeanServer platform() {
    return ManagementFactory.getPlatformMBeanServer();
  }

  private static Object call(MBeanServer server, Method method, Object[] args) throws Throwable {
    try {
      return method.invoke(server, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }
}
