package io.basalt.server.metrics;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import javax.management.ObjectName;

/**
 * Which of the Basalt servers in a JVM publishes its metrics beans in the JVM's platform MBean server, and under
 * which names. Tests, the embedded server and a local cluster run several servers in one JVM, and their beans have
 * the same names; one server's beans, all of them, keep what a JMX agent or JConsole sees consistent, where letting
 * each bean go to whichever server registered its name first would mix several servers' values.
 */
final class PlatformSlot {
  /** The one every server in this JVM shares; tests make their own. */
  static final PlatformSlot JVM = new PlatformSlot();

  private final Set<ObjectName> published = ConcurrentHashMap.newKeySet();
  private Object holder;

  /** True if {@code candidate} holds the slot, taking it if it was free. */
  synchronized boolean claim(Object candidate) {
    if (holder == null) {
      holder = candidate;
    }
    return holder == candidate;
  }

  synchronized void release(Object candidate) {
    if (holder == candidate) {
      holder = null;
    }
  }

  void published(ObjectName name) {
    published.add(name);
  }

  void withdrawn(ObjectName name) {
    published.remove(name);
  }

  /** Whether a Basalt server of this JVM registered {@code name} in the platform server. */
  boolean isPublished(ObjectName name) {
    return published.contains(name);
  }
}
