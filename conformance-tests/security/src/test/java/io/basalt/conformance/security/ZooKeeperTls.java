package io.basalt.conformance.security;

import java.nio.file.Path;
import java.util.Map;

/**
 * ZooKeeper's own client TLS properties as a stock HBase client takes them: under {@code hbase.zookeeper.property.},
 * which HBase's client strips before handing them to ZooKeeper.
 */
final class ZooKeeperTls {
  private ZooKeeperTls() {}

  /** TLS to ZooKeeper with this PKCS#12 key store (the server asks for client certificates) and trust store. */
  static Map<String, String> clientProperties(Path keyStore, Path trustStore) {
    return Map.of(
        "hbase.zookeeper.property.client.secure", "true",
        "hbase.zookeeper.property.clientCnxnSocket", "org.apache.zookeeper.ClientCnxnSocketNetty",
        "hbase.zookeeper.property.ssl.keyStore.location", keyStore.toString(),
        "hbase.zookeeper.property.ssl.keyStore.password", TlsMaterial.PASSWORD,
        "hbase.zookeeper.property.ssl.trustStore.location", trustStore.toString(),
        "hbase.zookeeper.property.ssl.trustStore.password", TlsMaterial.PASSWORD);
  }
}
