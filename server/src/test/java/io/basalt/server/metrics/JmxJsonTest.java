package io.basalt.server.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringWriter;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.management.MBeanServer;
import javax.management.MBeanServerFactory;
import javax.management.ObjectName;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** /jmx bodies, checked against the shapes HBase 2.6.4's JMX servlet answered with (raw/04-edge captures). */
class JmxJsonTest {
  private static final String QUOTAS = "Hadoop:service=HBase,name=RegionServer,sub=Quotas";
  private static final String SERVER = "Hadoop:service=HBase,name=RegionServer,sub=Server";

  private final MBeanServer beans = MBeanServerFactory.newMBeanServer();

  @BeforeEach
  void registerBeans() throws Exception {
    beans.registerMBean(new RecordBean(FakeRecord.quotas()), new ObjectName(QUOTAS));
    beans.registerMBean(new RecordBean(FakeRecord.of("RegionServer,sub=Server", "Server", out -> {
      out.tag("Context", "regionserver");
      out.counter("totalRequestCount", 196);
      out.counter("Put_num_ops", 112);
      out.gauge("Put_min", 0L);
      out.counter("CheckAndPut_num_ops", 5);
      out.gauge("blockCacheCountHitPercent", 0.0);
      out.gauge("averageRegionSize", Double.NaN);
    })), new ObjectName(SERVER));
  }

  @Test
  void aBeanAsHBaseWritesIt() throws IOException {
    assertEquals("""
        {
          "beans": [
            {
              "name": "Hadoop:service=HBase,name=RegionServer,sub=Quotas",
              "modelerType": "RegionServer,sub=Quotas",
              "tag.Context": "regionserver",
              "tag.Hostname": "vm"
            }
          ]
        }""", render(Map.of("qry", QUOTAS)));
  }

  @Test
  void valuesAreJsonNumbersAndNonFiniteDoublesStrings() throws IOException {
    String body = render(Map.of("qry", SERVER));
    assertTrue(body.contains("\"totalRequestCount\": 196,\n"), body);
    assertTrue(body.contains("\"blockCacheCountHitPercent\": 0.0,\n"), body);
    assertTrue(body.contains("\"averageRegionSize\": \"NaN\"\n"), body);
  }

  @Test
  void everyBeanWithoutAQueryAndPatternsSelect() throws IOException {
    assertTrue(render(Map.of()).contains(QUOTAS));
    assertTrue(render(Map.of()).contains(SERVER));
    String both = render(Map.of("qry", "Hadoop:service=HBase,name=RegionServer,sub=*"));
    assertTrue(both.contains(QUOTAS) && both.contains(SERVER), both);
  }

  @Test
  void exclLeavesMatchingBeansOut() throws IOException {
    String body = render(Map.of("qry", "Hadoop:*", "excl", SERVER));
    assertTrue(body.contains(QUOTAS), body);
    assertFalse(body.contains(SERVER), body);
  }

  @Test
  void anUnknownQueryHasNoBeans() throws IOException {
    assertEquals("{\n  \"beans\": []\n}", render(Map.of("qry", "Hadoop:service=HBase,name=Nothing")));
  }

  @Test
  void aMalformedQueryIsAnEmptyObject() throws IOException {
    assertEquals("{}", render(Map.of("qry", "notanobjectname")));
    assertEquals("{}", render(Map.of("excl", "notanobjectname")));
    assertEquals("{}", render(Map.of("get", "notanobjectname::x")));
    assertEquals("cb({});", render(Map.of("qry", "notanobjectname", "callback", "cb")));
  }

  @Test
  void getReadsOneAttribute() throws IOException {
    assertEquals("""
        {
          "beans": [
            {
              "name": "Hadoop:service=HBase,name=RegionServer,sub=Server",
              "modelerType": "RegionServer,sub=Server",
              "totalRequestCount": 196
            }
          ]
        }""", render(Map.of("get", SERVER + "::totalRequestCount")));
  }

  @Test
  void getWithAStarMatchesRegularExpressionsAnywhereInTheName() throws IOException {
    String body = render(Map.of("get", SERVER + "::Put_.*"));
    assertTrue(body.contains("\"Put_num_ops\": 112,\n"), body);
    assertTrue(body.contains("\"Put_min\": 0,\n"), body);
    assertTrue(body.contains("\"CheckAndPut_num_ops\": 5\n"), "found, not matched whole: " + body);
    assertFalse(body.contains("totalRequestCount"), body);
    String two = render(Map.of("get", SERVER + "::total.*,.*Percent"));
    assertTrue(two.contains("totalRequestCount") && two.contains("blockCacheCountHitPercent"), two);
  }

  @Test
  void getOfAMissingAttributeSaysSoInTheBean() throws IOException {
    assertEquals("""
        {
          "beans": [
            {
              "name": "Hadoop:service=HBase,name=RegionServer,sub=Server",
              "modelerType": "RegionServer,sub=Server",
              "result": "ERROR",
              "message": "No attribute with name noSuchAttr was found."
            }
          ]
        }""", render(Map.of("get", SERVER + "::noSuchAttr")));
  }

  @Test
  void getWithoutOneDoubleColonIsAnError() throws IOException {
    String error = "{\n  \"result\": \"ERROR\",\n  \"message\": \"query format is not as expected.\"\n}";
    assertEquals(error, render(Map.of("get", SERVER)));
    assertEquals(error, render(Map.of("get", SERVER + "::a::b")));
  }

  @Test
  void aCallbackWrapsTheJson() throws IOException {
    String body = render(Map.of("qry", QUOTAS, "callback", "cb"));
    assertTrue(body.startsWith("cb({\n  \"beans\": [\n"), body);
    assertTrue(body.endsWith("\n});"), body);
    JmxQuery query = JmxQuery.of(Map.of("callback", List.of("cb")));
    assertEquals("application/javascript; charset=utf8", query.contentType());
    assertTrue(query.callbackIsValid());
    assertFalse(JmxQuery.of(Map.of("callback", List.of("alert(1)//"))).callbackIsValid());
    assertFalse(JmxQuery.of(Map.of("callback", List.of(""))).callbackIsValid());
    assertEquals("application/json; charset=utf8", JmxQuery.of(Map.of()).contentType());
  }

  @Test
  void descriptionsAddNothingToRecordBeans() throws IOException {
    assertEquals(render(Map.of("qry", QUOTAS)), render(Map.of("qry", QUOTAS, "description", "true")));
    assertFalse(JmxQuery.of(Map.of("description", List.of("yes"))).description(), "only \"true\" asks");
  }

  private String render(Map<String, String> parameters) throws IOException {
    Map<String, List<String>> query = new HashMap<>();
    parameters.forEach((name, value) -> query.put(name, List.of(value)));
    StringWriter out = new StringWriter();
    JmxJson.write(beans, JmxQuery.of(query), out);
    return out.toString();
  }
}
