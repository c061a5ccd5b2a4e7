package io.basalt.benchmarks.ycsb;

import java.util.Properties;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;

/**
 * Builds the HBase client configuration from YCSB's properties: every {@code -p} property whose name starts with
 * {@code hbase.} or {@code zookeeper.} is handed to the client as is, so the registry (ZooKeeper quorum and port, or
 * RPC bootstrap servers) and client tuning are chosen on YCSB's command line.
 */
final class YcsbClientConfiguration {
  private YcsbClientConfiguration() {}

  static Configuration from(Properties properties) {
    Configuration conf = HBaseConfiguration.create();
    for (String name : properties.stringPropertyNames()) {
      if (name.startsWith("hbase.") || name.startsWith("zookeeper.")) {
        conf.set(name, properties.getProperty(name));
      }
    }
    return conf;
  }
}
