package io.basalt.server.metrics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.Attribute;
import javax.management.AttributeList;
import javax.management.AttributeNotFoundException;
import javax.management.MBeanAttributeInfo;
import javax.management.MBeanInfo;
import javax.management.ReflectionException;
import org.junit.jupiter.api.Test;

class RecordBeanTest {
  private final AtomicLong nanos = new AtomicLong(1_000);
  private final AtomicLong requests = new AtomicLong(196);

  private final FakeRecord server = FakeRecord.of("RegionServer,sub=Server", "Server", out -> {
    out.tag("serverName", "host,16020,1");
    out.tag("Context", "regionserver");
    out.counter("totalRequestCount", requests.get());
    out.gauge("regionCount", 3L);
    out.gauge("blockCacheCountHitPercent", 0.5);
    out.tag("SessionId", null);
  });

  @Test
  void describesTheRecordsTagsAndMetricsInItsOrderWithTheirJavaTypes() {
    MBeanInfo info = new RecordBean(server, nanos::get).getMBeanInfo();
    assertEquals("RegionServer,sub=Server", info.getClassName(), "HBase's modelerType");
    MBeanAttributeInfo[] attributes = info.getAttributes();
    assertArrayEquals(new String[] {"tag.serverName", "tag.Context", "totalRequestCount", "regionCount",
        "blockCacheCountHitPercent", "tag.SessionId"},
        Arrays.stream(attributes).map(MBeanAttributeInfo::getName).toArray());
    assertArrayEquals(new String[] {"java.lang.String", "java.lang.String", "java.lang.Long", "java.lang.Long",
        "java.lang.Double", "java.lang.String"},
        Arrays.stream(attributes).map(MBeanAttributeInfo::getType).toArray());
    for (MBeanAttributeInfo attribute : attributes) {
      assertEquals(attribute.getName(), attribute.getDescription(), "so /jmx?description=true prints plain values");
      assertEquals(true, attribute.isReadable());
      assertEquals(false, attribute.isWritable());
    }
  }

  @Test
  void answersAttributesWithTheirValues() throws Exception {
    RecordBean bean = new RecordBean(server, nanos::get);
    assertEquals("host,16020,1", bean.getAttribute("tag.serverName"));
    assertEquals(196L, bean.getAttribute("totalRequestCount"));
    assertEquals(0.5, bean.getAttribute("blockCacheCountHitPercent"));
    assertEquals("", bean.getAttribute("tag.SessionId"), "an unset tag is empty, as in metrics2");
    AttributeList some = bean.getAttributes(new String[] {"regionCount", "noSuchAttribute", "tag.Context"});
    assertEquals(2, some.size());
    assertEquals(new Attribute("regionCount", 3L), some.asList().get(0));
    assertThrows(AttributeNotFoundException.class, () -> bean.getAttribute("noSuchAttribute"));
  }

  @Test
  void oneDescriptionAndItsAttributeReadsReadTheRecordOnce() throws Exception {
    RecordBean bean = new RecordBean(server, nanos::get);
    bean.getMBeanInfo();
    requests.set(500);
    assertEquals(196L, bean.getAttribute("totalRequestCount"), "answered from the reading the description took");
    bean.getAttribute("regionCount");
    bean.getAttributes(new String[] {"regionCount"});
    assertEquals(1, server.reads());

    nanos.addAndGet(TimeUnit.MILLISECONDS.toNanos(1_001));
    assertEquals(500L, bean.getAttribute("totalRequestCount"), "a reading over a second old is taken again");
    assertEquals(2, server.reads());
    bean.getMBeanInfo();
    assertEquals(3, server.reads(), "a description always reads afresh");
  }

  @Test
  void aRecordThatFailsKeepsItsLastValues() throws Exception {
    AtomicLong failing = new AtomicLong();
    FakeRecord flaky = FakeRecord.of("RegionServer,sub=Flaky", "Flaky", out -> {
      if (failing.get() > 0) {
        throw new IllegalStateException("cannot read");
      }
      out.counter("calls", 7);
    });
    RecordBean bean = new RecordBean(flaky, nanos::get);
    assertEquals(1, bean.getMBeanInfo().getAttributes().length);
    failing.set(1);
    assertEquals(1, bean.getMBeanInfo().getAttributes().length);
    assertEquals(7L, bean.getAttribute("calls"));
    assertEquals(2, flaky.reads(), "the failed reading counts as fresh: the attribute read does not retry it");

    RecordBean neverRead = new RecordBean(flaky, nanos::get);
    assertEquals(0, neverRead.getMBeanInfo().getAttributes().length);
  }

  @Test
  void keepsTheFirstOfAnAttributeWrittenTwice() throws Exception {
    RecordBean bean = new RecordBean(FakeRecord.of("X", "X", out -> {
      out.counter("a", 1);
      out.gauge("a", 2.0);
    }), nanos::get);
    assertEquals(1, bean.getMBeanInfo().getAttributes().length);
    assertEquals(1L, bean.getAttribute("a"));
  }

  @Test
  void isReadOnly() {
    RecordBean bean = new RecordBean(server, nanos::get);
    assertThrows(AttributeNotFoundException.class, () -> bean.setAttribute(new Attribute("regionCount", 4L)));
    AttributeList list = new AttributeList();
    list.add(new Attribute("regionCount", 4L));
    assertEquals(0, bean.setAttributes(list).size());
    assertThrows(ReflectionException.class, () -> bean.invoke("reset", new Object[0], new String[0]));
  }
}
