package io.basalt.conformance;

import io.basalt.conformance.harness.BasaltProcess;
import io.basalt.conformance.harness.BasaltServerExtension;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Table;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One Basalt process for a test class with a stock client already connected to it (ZooKeeper registry, default
 * settings) and its Admin open; tables made with {@link #createTable} are closed with it. Register it as a static field with {@code @RegisterExtension}.
 */
final class ConnectedBasalt implements BeforeAllCallback, AfterAllCallback {
  private final BasaltServerExtension server;
  private final List<Table> tables = new ArrayList<>();
  private Connection connection;
  private Admin admin;
  private AsyncConnection asyncConnection;

  ConnectedBasalt() {
    this(Map.of());
  }

  /** A server started with these settings (hbase-site properties). */
  ConnectedBasalt(Map<String, String> properties) {
    this.server = new BasaltServerExtension(properties);
  }

  @Override
  public void beforeAll(ExtensionContext context) throws IOException {
    server.beforeAll(context);
    connection = Clients.connect(server.process());
    admin = connection.getAdmin();
  }

  @Override
  public void afterAll(ExtensionContext context) throws IOException {
    try {
      for (Table table : tables) {
        table.close();
      }
      if (asyncConnection != null) {
        asyncConnection.close();
      }
      if (admin != null) {
        admin.close();
      }
      if (connection != null) {
        connection.close();
      }
    } finally {
      server.afterAll(context);
    }
  }

  BasaltProcess process() {
    return server.process();
  }

  Connection connection() {
    return connection;
  }

  Admin admin() {
    return admin;
  }

  /** A stock AsyncConnection to the server (ZooKeeper registry), opened on first use and closed with the server. */
  synchronized AsyncConnection asyncConnection() throws Exception {
    if (asyncConnection == null) {
      asyncConnection = Futures.await(
          ConnectionFactory.createAsyncConnection(Clients.zookeeperConfiguration(server.process())));
    }
    return asyncConnection;
  }

  /** Creates a one-region table keeping one version per family; the returned Table is closed with the server. */
  Table createTable(String name, String... families) throws IOException {
    TableName tableName = TableName.valueOf(name);
    TestTables.create(connection, tableName, 1, families);
    Table table = connection.getTable(tableName);
    tables.add(table);
    return table;
  }
}
