package io.basalt.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.basalt.server.config.BasaltConfig;
import io.basalt.server.config.ConfigException;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ExternalQuorumTest {
  @Test
  void hostsWithoutAPortGetTheClientPort() throws ConfigException {
    assertEquals("zk1:2181,zk2:2200,zk3:2181", ExternalQuorum.connectString(BasaltConfig.of(Map.of(
        "hbase.zookeeper.quorum", " zk1, zk2:2200,,zk3 "))));
    assertEquals("zk1:2999", ExternalQuorum.connectString(BasaltConfig.of(Map.of(
        "hbase.zookeeper.quorum", "zk1", "hbase.zookeeper.property.clientPort", "2999"))));
  }

  @Test
  void aQuorumOfNoHostIsRefused() {
    ConfigException refused = assertThrows(ConfigException.class, () -> ExternalQuorum.connectString(
        BasaltConfig.of(Map.of("hbase.zookeeper.quorum", " , "))));
    assertEquals("hbase.zookeeper.quorum must name at least one host", refused.getMessage());
  }
}
