package io.basalt.conformance.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;

/**
 * One of the two servers a job runs against, Basalt or real HBase, as a job sees it: the ZooKeeper it is found
 * through, a stock client connected to it, and the configuration a job run against it starts from.
 */
final class Server {
  private final String name;
  private final int zookeeperPort;
  private final Connection connection;

  Server(String name, int zookeeperPort, Connection connection) {
    this.name = name;
    this.zookeeperPort = zookeeperPort;
    this.connection = connection;
  }

  /** "Basalt" or "HBase", for messages. */
  String name() {
    return name;
  }

  Connection connection() {
    return connection;
  }

  Admin admin() throws IOException {
    return connection.getAdmin();
  }

  /** What the jobs' {@code --peer.adr}, {@code --sourcezkcluster} and {@code --targetzkcluster} take. */
  String clusterKey() {
    return "127.0.0.1:" + zookeeperPort + ":/hbase";
  }

  /** The stock client's settings for this server: the defaults but for where its ZooKeeper is. */
  static Configuration clientConfiguration(int zookeeperPort) {
    Configuration conf = HBaseConfiguration.create();
    conf.set("hbase.zookeeper.quorum", "127.0.0.1");
    conf.setInt("hbase.zookeeper.property.clientPort", zookeeperPort);
    // A failing call should fail the test within a minute, not after the client's default fifteen retries.
    conf.setInt("hbase.client.retries.number", 5);
    conf.setInt("hbase.client.operation.timeout", 60_000);
    return conf;
  }

  /**
   * A job's configuration against this server: Hadoop's local job runner on the local file system, with its
   * temporary, staging and task directories under {@code work}, which the test owns.
   */
  Configuration jobConfiguration(Path work) throws IOException {
    Configuration conf = clientConfiguration(zookeeperPort);
    conf.set("mapreduce.framework.name", "local");
    conf.set("fs.defaultFS", "file:///");
    conf.set("hadoop.tmp.dir", Files.createDirectories(work.resolve("hadoop")).toString());
    conf.set("mapreduce.jobtracker.staging.root.dir", work.resolve("staging").toString());
    conf.set("mapreduce.cluster.local.dir", work.resolve("local").toString());
    return conf;
  }

  /**
   * Runs one of HBase's tools as its command line does ({@code ToolRunner}, generic options first), against this
   * server, and requires it to succeed.
   */
  void run(Tool tool, Path work, String... args) throws Exception {
    run(tool, jobConfiguration(work), args);
  }

  /** Runs {@code tool} with a configuration of the caller's making and requires it to succeed. */
  void run(Tool tool, Configuration conf, String... args) throws Exception {
    int exit = ToolRunner.run(conf, tool, args);
    assertEquals(0, exit, tool.getClass().getSimpleName() + "'s exit status against " + name + " for "
        + String.join(" ", args));
  }

  @Override
  public String toString() {
    return name;
  }
}
