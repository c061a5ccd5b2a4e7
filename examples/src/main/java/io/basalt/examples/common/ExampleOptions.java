package io.basalt.examples.common;

import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;

/**
 * What every example is told on its command line: how much data to generate, and where Basalt is.
 *
 * <p>Arguments: {@code [size [zookeeper-host[:port]]]}. Without them an example generates its default amount of data
 * and connects to {@code localhost:2181}, where {@code bin/basalt start} listens. Any {@code -Dhbase.*} or
 * {@code -Dzookeeper.*} system property is passed to the client as it is, so
 * {@code -Dhbase.zookeeper.quorum=db1 -Dhbase.zookeeper.property.clientPort=2182} works too, as does the RPC registry
 * ({@code -Dhbase.client.registry.impl=org.apache.hadoop.hbase.client.RpcConnectionRegistry
 * -Dhbase.client.bootstrap.servers=db1:16020}).
 */
public record ExampleOptions(int size, Configuration configuration) {

  public static ExampleOptions parse(String[] args, int defaultSize) {
    int size = args.length > 0 ? parseSize(args[0]) : defaultSize;
    Configuration conf = HBaseConfiguration.create();
    conf.set("hbase.zookeeper.quorum", "localhost");
    conf.set("hbase.zookeeper.property.clientPort", "2181");
    for (Map.Entry<Object, Object> property : System.getProperties().entrySet()) {
      String name = property.getKey().toString();
      if (name.startsWith("hbase.") || name.startsWith("zookeeper.")) {
        conf.set(name, property.getValue().toString());
      }
    }
    if (args.length > 1) {
      String[] hostAndPort = args[1].split(":", 2);
      conf.set("hbase.zookeeper.quorum", hostAndPort[0]);
      if (hostAndPort.length == 2) {
        conf.set("hbase.zookeeper.property.clientPort", hostAndPort[1]);
      }
    }
    return new ExampleOptions(size, conf);
  }

  /** Where the client will look for Basalt, for the first line an example prints. */
  public String target() {
    String registry = configuration.get("hbase.client.registry.impl", "");
    if (registry.endsWith("RpcConnectionRegistry")) {
      return configuration.get("hbase.client.bootstrap.servers") + " (RPC registry)";
    }
    return configuration.get("hbase.zookeeper.quorum") + ":" + configuration.get("hbase.zookeeper.property.clientPort")
        + " (ZooKeeper)";
  }

  private static int parseSize(String arg) {
    try {
      int size = Integer.parseInt(arg.replace("_", "").replace(",", ""));
      if (size > 0) {
        return size;
      }
    } catch (NumberFormatException e) {
      // fall through to the message below
    }
    throw new IllegalArgumentException("the first argument is the data size, a positive whole number: " + arg);
  }
}
