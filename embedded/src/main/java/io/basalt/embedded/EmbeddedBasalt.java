package io.basalt.embedded;

import io.basalt.server.BasaltServer;
import io.basalt.server.StartupException;
import io.basalt.server.config.BasaltConfig;
import io.basalt.server.config.Settings;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A Basalt server inside this JVM, for tests of HBase applications: it listens on free loopback ports, keeps its
 * data in a temporary directory (deleted on {@link #close()}) and hands back the {@link Configuration} and a
 * {@link Connection} of the stock HBase client. Closing it stops the server; a JVM that exits without closing it
 * stops it too.
 *
 * <pre>{@code
 * try (EmbeddedBasalt basalt = EmbeddedBasalt.start()) {
 *   Table table = basalt.createTable(TableName.valueOf("t"), "f");
 *   table.put(...);
 * }
 * }</pre>
 */
public final class EmbeddedBasalt implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(EmbeddedBasalt.class);

  private final BasaltServer server;
  private final DataDirectory dataDirectory;
  private final Configuration configuration;
  private final Thread closeOnExit;
  private Connection connection;
  private boolean closed;

  private EmbeddedBasalt(BasaltServer server, DataDirectory dataDirectory, Configuration configuration) {
    this.server = server;
    this.dataDirectory = dataDirectory;
    this.configuration = configuration;
    this.closeOnExit = new Thread(this::stopAndClean, "basalt-embedded-shutdown");
    Runtime.getRuntime().addShutdownHook(closeOnExit);
  }

  /** Starts a server with the test defaults of {@link EmbeddedBasaltBuilder}. */
  public static EmbeddedBasalt start() throws IOException {
    return builder().start();
  }

  public static EmbeddedBasaltBuilder builder() {
    return new EmbeddedBasaltBuilder();
  }

  static EmbeddedBasalt start(Map<String, String> properties, DataDirectory dataDirectory) throws IOException {
    Map<String, String> effective = new LinkedHashMap<>(properties);
    effective.put(Settings.DATA_DIR.key(), dataDirectory.path().toString());
    ClientWarmUp.startInBackground();
    BasaltServer server;
    try {
      server = BasaltServer.start(BasaltConfig.of(effective));
    } catch (StartupException e) {
      dataDirectory.clean();
      throw new IOException("Basalt did not start: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      dataDirectory.clean();
      throw new InterruptedIOException("interrupted while Basalt was starting");
    }
    return new EmbeddedBasalt(server, dataDirectory, ClientConfiguration.of(server, effective));
  }

  /**
   * A new copy of the client configuration that reaches this server (ZooKeeper quorum and port, znode parent, and
   * the RPC bootstrap servers 3.0 clients use); change it freely.
   */
  public Configuration configuration() {
    return new Configuration(configuration);
  }

  /**
   * The connection this server's tests share, made on first use and closed by {@link #close()}. Make your own
   * with {@code ConnectionFactory.createConnection(configuration())} when a test needs one of its own.
   */
  public synchronized Connection connection() throws IOException {
    if (closed) {
      throw new IllegalStateException("this EmbeddedBasalt is closed");
    }
    if (connection == null || connection.isClosed()) {
      connection = ConnectionFactory.createConnection(configuration);
    }
    return connection;
  }

  /** Creates a table with these families (default settings) and returns it; close the table when done. */
  public Table createTable(TableName name, String... families) throws IOException {
    TableDescriptorBuilder table = TableDescriptorBuilder.newBuilder(name);
    for (String family : families) {
      table.setColumnFamily(ColumnFamilyDescriptorBuilder.of(family));
    }
    return createTable(table.build(), null);
  }

  /** Creates a table pre-split at {@code splitKeys} (none when null) and returns it; close the table when done. */
  public Table createTable(TableDescriptor descriptor, byte[][] splitKeys) throws IOException {
    try (Admin admin = connection().getAdmin()) {
      String namespace = descriptor.getTableName().getNamespaceAsString();
      if (!namespaceExists(admin, namespace)) {
        admin.createNamespace(NamespaceDescriptor.create(namespace).build());
      }
      if (splitKeys == null) {
        admin.createTable(descriptor);
      } else {
        admin.createTable(descriptor, splitKeys);
      }
    }
    return connection().getTable(descriptor.getTableName());
  }

  /**
   * Drops every user table and every namespace but {@code default}, so the next test starts from an empty
   * server without paying for a restart.
   */
  public void deleteAllTables() throws IOException {
    try (Admin admin = connection().getAdmin()) {
      for (TableName table : admin.listTableNames()) {
        if (admin.isTableEnabled(table)) {
          admin.disableTable(table);
        }
        admin.deleteTable(table);
      }
      for (NamespaceDescriptor namespace : admin.listNamespaceDescriptors()) {
        String name = namespace.getName();
        if (!name.equals(NamespaceDescriptor.DEFAULT_NAMESPACE_NAME_STR)
            && !name.equals(NamespaceDescriptor.SYSTEM_NAMESPACE_NAME_STR)) {
          admin.deleteNamespace(name);
        }
      }
    }
  }

  /** The ZooKeeper connect string clients use ({@code host:port}, or the external quorum). */
  public String zookeeperQuorum() {
    return server.zookeeperAddress();
  }

  /** The {@code host:port} serving every HBase RPC service. */
  public String rpcAddress() {
    return server.identity().hostAndPort();
  }

  /** Where the server keeps its data. */
  public Path dataDirectory() {
    return dataDirectory.path();
  }

  /**
   * Closes the shared connection, stops the server (calls in flight finish first) and deletes its data directory
   * unless the builder was given one to keep. Safe to call more than once.
   */
  @Override
  public void close() {
    stopAndClean();
    try {
      Runtime.getRuntime().removeShutdownHook(closeOnExit);
    } catch (IllegalStateException e) {
      // The JVM is already exiting: the hook runs (or ran) this same close.
    }
  }

  private void stopAndClean() {
    Connection toClose;
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
      toClose = connection;
    }
    try {
      if (toClose != null) {
        toClose.close();
      }
    } catch (IOException e) {
      LOG.warn("Closing the shared client connection failed: {}", e.toString());
    } finally {
      server.stop();
      try {
        dataDirectory.clean();
      } catch (UncheckedIOException e) {
        // A leftover temporary directory must not fail the test that used it, but should not go unnoticed.
        LOG.warn("Could not delete Basalt's data directory {}: {}", dataDirectory.path(), e.getCause().toString());
      }
    }
  }

  private static boolean namespaceExists(Admin admin, String namespace) throws IOException {
    for (NamespaceDescriptor existing : admin.listNamespaceDescriptors()) {
      if (existing.getName().equals(namespace)) {
        return true;
      }
    }
    return false;
  }
}
