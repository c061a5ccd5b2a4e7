package io.basalt.server.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import javax.management.InstanceNotFoundException;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;

/** Two servers' metrics in one JVM, as tests, the embedded server and a local cluster have them. */
class MetricsBeansTest {
  /** Names of this test's own, so that other tests' beans in the same JVM do not meet them. */
  private final String sub = "Test" + UUID.randomUUID().toString().replace("-", "");
  private final PlatformSlot slot = new PlatformSlot();
  private final MBeanServer platform = ManagementFactory.getPlatformMBeanServer();

  @Test
  void theFirstServerPublishesInThePlatformServerAndEachViewShowsItsOwnValues() throws Exception {
    ObjectName name = new ObjectName("Hadoop:service=HBase,name=RegionServer,sub=" + sub);
    MetricsBeans first = new MetricsBeans(slot);
    MetricsBeans second = new MetricsBeans(slot);
    try {
      first.add(record(1));
      second.add(record(2));
      first.publish();
      assertTrue(first.awaitRegistrations(30, TimeUnit.SECONDS));
      second.publish();
      assertTrue(second.awaitRegistrations(30, TimeUnit.SECONDS));

      assertEquals(1L, platform.getAttribute(name, "calls"), "the first server's bean, not the second's");
      assertEquals(1L, first.view().getAttribute(name, "calls"));
      assertEquals(2L, second.view().getAttribute(name, "calls"));
      assertEquals(Set.of(name), second.view().queryNames(new ObjectName("Hadoop:service=HBase,*,sub=" + sub),
          null), "listed once, as the second server's own");

      // A record added later is registered too; the second server's is not published, the first holds the JMX.
      ObjectName later = new ObjectName("Hadoop:service=HBase,name=Master,sub=" + sub);
      first.add(FakeRecord.of("Master,sub=" + sub, sub, out -> out.gauge("late", 3L)));
      second.add(FakeRecord.of("Master,sub=" + sub, sub, out -> out.gauge("late", 4L)));
      assertTrue(first.awaitRegistrations(30, TimeUnit.SECONDS));
      assertTrue(second.awaitRegistrations(30, TimeUnit.SECONDS));
      assertEquals(3L, platform.getAttribute(later, "late"));
      assertEquals(4L, second.view().getAttribute(later, "late"));
    } finally {
      first.close();
      second.close();
    }
    assertFalse(platform.isRegistered(name), "closing unregistered the bean");
    assertTrue(slot.claim(this), "and freed the platform server for the next server");
  }

  @Test
  void aViewListsItsOwnBeansFirstThenTheJvmsAndIsReadOnly() throws Exception {
    MetricsBeans beans = new MetricsBeans(slot);
    MetricsBeans other = new MetricsBeans(slot);
    try {
      beans.add(record(1), FakeRecord.of("JvmMetrics" + sub, "JvmMetrics", out -> out.gauge("ThreadsNew", 0L)));
      other.add(FakeRecord.of("Other" + sub, "Other", out -> out.gauge("x", 1L)));
      other.publish(); // it holds the platform server; its bean is not the view's
      assertTrue(other.awaitRegistrations(30, TimeUnit.SECONDS));

      MBeanServer view = beans.view();
      List<ObjectName> names = List.copyOf(view.queryNames(null, null));
      assertEquals(new ObjectName("Hadoop:service=HBase,name=RegionServer,sub=" + sub), names.get(0));
      assertEquals(new ObjectName("Hadoop:service=HBase,name=JvmMetrics" + sub), names.get(1));
      assertTrue(names.contains(new ObjectName("java.lang:type=Runtime")), "the JVM's own beans follow");
      assertEquals(1, names.stream().filter(name -> name.getDomain().equals("JMImplementation")).count(),
          "the platform server's delegate only, not the private server's too");
      ObjectName others = new ObjectName("Hadoop:service=HBase,name=Other" + sub);
      assertFalse(names.contains(others), "another server's bean is not this server's page");
      assertThrows(InstanceNotFoundException.class, () -> view.getAttribute(others, "x"));
      assertEquals(names.size(), view.getMBeanCount());
      assertTrue(view.isRegistered(names.get(0)));
      assertEquals("java.lang:type=Runtime", view.getObjectInstance(new ObjectName("java.lang:type=Runtime"))
          .getObjectName().toString());
      assertThrows(UnsupportedOperationException.class, () -> view.unregisterMBean(names.get(0)));
    } finally {
      beans.close();
      other.close();
    }
  }

  @Test
  void prometheusListsTheRecordsInTheOrderAdded() {
    MetricsBeans beans = new MetricsBeans(slot);
    FakeRecord one = record(1);
    FakeRecord two = FakeRecord.quotas();
    beans.add(one, two);
    beans.add(one);
    assertEquals(List.of(one, two), beans.records(), "a record added twice is listed once");
    beans.close();
    beans.add(record(3));
    assertEquals(2, beans.records().size(), "nothing is added after close");
  }

  private FakeRecord record(long calls) {
    return FakeRecord.of("RegionServer,sub=" + sub, sub, out -> {
      out.tag("Context", "regionserver");
      out.counter("calls", calls);
    });
  }
}
