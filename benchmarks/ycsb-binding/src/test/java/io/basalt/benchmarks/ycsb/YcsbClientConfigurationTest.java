package io.basalt.benchmarks.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;

class YcsbClientConfigurationTest {
  @Test
  void hbaseAndZookeeperPropertiesReachTheClientAndOthersDoNot() {
    Properties properties = new Properties();
    properties.setProperty("hbase.zookeeper.quorum", "127.0.0.1");
    properties.setProperty("hbase.zookeeper.property.clientPort", "2182");
    properties.setProperty("zookeeper.recovery.retry", "1");
    properties.setProperty("recordcount", "1000");

    Configuration conf = YcsbClientConfiguration.from(properties);

    assertEquals("127.0.0.1", conf.get("hbase.zookeeper.quorum"));
    assertEquals(2182, conf.getInt("hbase.zookeeper.property.clientPort", 0));
    assertEquals("1", conf.get("zookeeper.recovery.retry"));
    assertNull(conf.get("recordcount"));
  }

  @Test
  void aFamilysCellsBecomeYcsbFields() {
    TreeMap<byte[], byte[]> family = new TreeMap<>(Bytes.BYTES_COMPARATOR);
    family.put(Bytes.toBytes("field0"), Bytes.toBytes("value0"));
    family.put(Bytes.toBytes("field1"), Bytes.toBytes("value1"));
    Map<String, ByteIterator> fields = new HashMap<>();

    RowConversions.copyFamily(family, fields);
    RowConversions.copyFamily(null, fields);

    assertEquals(2, fields.size());
    assertEquals("value1", new String(fields.get("field1").toArray(), StandardCharsets.UTF_8));
  }
}
