package io.basalt.conformance.core;

import io.basalt.conformance.harness.BasaltTarget;
import io.basalt.conformance.harness.SharedBasalt;
import java.io.IOException;
import java.util.concurrent.ExecutionException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The run's shared Basalt with a connection of the client under test opened for one test class (and an async one
 * on first use), closed after the class. Register it as a static field with {@code @RegisterExtension}.
 */
final class CoreCluster implements BeforeAllCallback, AfterAllCallback {
  private BasaltTarget target;
  private Configuration configuration;
  private Connection connection;
  private AsyncConnection asyncConnection;

  @Override
  public void beforeAll(ExtensionContext context) throws IOException {
    target = SharedBasalt.target(context);
    configuration = ClientSetup.configuration(target);
    connection = ConnectionFactory.createConnection(configuration);
  }

  @Override
  public void afterAll(ExtensionContext context) throws IOException {
    try {
      if (asyncConnection != null) {
        asyncConnection.close();
      }
    } finally {
      if (connection != null) {
        connection.close();
      }
    }
  }

  /** The shared Basalt: one process, or a cluster (see {@link SharedBasalt#target}). */
  BasaltTarget target() {
    return target;
  }

  /** A fresh copy of the client configuration, for tests that open connections of their own. */
  Configuration configuration() {
    return new Configuration(configuration);
  }

  Connection connection() {
    return connection;
  }

  Admin admin() throws IOException {
    return connection.getAdmin();
  }

  synchronized AsyncConnection async() throws IOException {
    if (asyncConnection == null) {
      try {
        asyncConnection = ConnectionFactory.createAsyncConnection(configuration).get();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted while connecting", e);
      } catch (ExecutionException e) {
        throw new IOException("cannot open an async connection", e.getCause());
      }
    }
    return asyncConnection;
  }
}
