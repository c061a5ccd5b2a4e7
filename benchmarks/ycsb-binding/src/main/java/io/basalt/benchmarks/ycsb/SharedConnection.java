package io.basalt.benchmarks.ycsb;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;

/**
 * The one HBase {@link Connection} that all YCSB client threads of a JVM share, as an application would: YCSB makes
 * one binding instance per thread, and a connection per thread would measure connection setup, not the server.
 * Opened by the first instance, closed when the last one is cleaned up.
 */
final class SharedConnection {
  private static Connection connection;
  private static int users;

  private SharedConnection() {}

  static synchronized Connection acquire(Configuration conf) throws IOException {
    if (connection == null) {
      connection = ConnectionFactory.createConnection(conf);
    }
    users++;
    return connection;
  }

  static synchronized void release() throws IOException {
    if (users == 0) {
      return;
    }
    users--;
    if (users == 0) {
      Connection last = connection;
      connection = null;
      last.close();
    }
  }
}
