package io.basalt.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.basalt.examples.common.ExampleOptions;
import org.junit.jupiter.api.Test;

class ExampleOptionsTest {
  @Test
  void defaultsToTheDefaultSizeAndBasaltsDefaultPorts() {
    ExampleOptions options = ExampleOptions.parse(new String[0], 1234);
    assertEquals(1234, options.size());
    assertEquals("localhost", options.configuration().get("hbase.zookeeper.quorum"));
    assertEquals("2181", options.configuration().get("hbase.zookeeper.property.clientPort"));
  }

  @Test
  void takesTheSizeAndZooKeeperFromTheArguments() {
    ExampleOptions options = ExampleOptions.parse(new String[] {"5_000", "db1:2182"}, 1234);
    assertEquals(5000, options.size());
    assertEquals("db1", options.configuration().get("hbase.zookeeper.quorum"));
    assertEquals("2182", options.configuration().get("hbase.zookeeper.property.clientPort"));
    assertEquals("db1:2182 (ZooKeeper)", options.target());
  }

  @Test
  void passesHBaseSystemPropertiesToTheClient() {
    String property = "hbase.client.bootstrap.servers";
    String before = System.getProperty(property);
    System.setProperty(property, "db2:16020");
    try {
      ExampleOptions options = ExampleOptions.parse(new String[0], 1);
      assertEquals("db2:16020", options.configuration().get(property));
    } finally {
      if (before == null) {
        System.clearProperty(property);
      } else {
        System.setProperty(property, before);
      }
    }
  }

  @Test
  void refusesASizeThatIsNotAPositiveNumber() {
    assertThrows(IllegalArgumentException.class, () -> ExampleOptions.parse(new String[] {"lots"}, 1));
    assertThrows(IllegalArgumentException.class, () -> ExampleOptions.parse(new String[] {"0"}, 1));
  }
}
