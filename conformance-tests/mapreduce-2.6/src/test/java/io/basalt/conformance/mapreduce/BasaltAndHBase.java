package io.basalt.conformance.mapreduce;

import io.basalt.conformance.harness.BasaltProcess;
import io.basalt.conformance.harness.BasaltServerExtension;
import io.basalt.conformance.harness.HBaseOracleProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One Basalt process and one real HBase 2.6.4 for the whole run of this module, each with a stock client
 * connected: HBase takes some twenty seconds to start, more than most jobs here take to run, so the pair starts
 * with the first test class that registers this extension and stops when JUnit closes the run. Every class works
 * on tables of its own names ({@link #newTable}), so sharing the servers leaks nothing between them. Register it
 * as a static field with {@code @RegisterExtension}.
 */
final class BasaltAndHBase implements BeforeAllCallback {
  private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(BasaltAndHBase.class);

  private Servers servers;

  @Override
  public void beforeAll(ExtensionContext context) {
    servers = context.getRoot().getStore(NAMESPACE).getOrComputeIfAbsent(Servers.class, key -> Servers.start(),
        Servers.class);
  }

  Server basalt() {
    return started().basalt;
  }

  Server hbase() {
    return started().hbase;
  }

  /** Both servers, HBase (the oracle) first. */
  List<Server> both() {
    return List.of(hbase(), basalt());
  }

  /** A table name no other test of the run has used, for the same table on both servers. */
  TableName newTable(String prefix) {
    return TableName.valueOf(prefix + "_" + started().tables.incrementAndGet());
  }

  private Servers started() {
    if (servers == null) {
      throw new IllegalStateException("the servers are not running: the extension must be registered statically");
    }
    return servers;
  }

  /** Both processes, their clients and the run's table counter; closed by the root store when the run ends. */
  private static final class Servers implements AutoCloseable {
    private final AtomicInteger tables = new AtomicInteger();
    private Path dataDir;
    private HBaseOracleProcess hbaseProcess;
    private BasaltProcess basaltProcess;
    private Server hbase;
    private Server basalt;

    static Servers start() {
      Servers servers = new Servers();
      try {
        // HBase first: its twenty seconds of starting overlap Basalt's, which returns only once it serves.
        servers.hbaseProcess = HBaseOracleProcess.launch("mapreduce-hbase");
        servers.dataDir = Files.createTempDirectory("basalt-mapreduce-");
        servers.basaltProcess = BasaltProcess.start(servers.dataDir, "mapreduce-basalt");
        int basaltPort = servers.basaltProcess.zookeeperPort();
        servers.basalt = new Server("Basalt", basaltPort,
            ConnectionFactory.createConnection(Server.clientConfiguration(basaltPort)));
        int hbasePort = servers.hbaseProcess.zookeeperPort();
        servers.hbase = new Server("HBase", hbasePort,
            OracleReadiness.connectWhenReady(servers.hbaseProcess, Server.clientConfiguration(hbasePort)));
        return servers;
      } catch (Exception e) {
        try {
          servers.close();
        } catch (IOException closing) {
          e.addSuppressed(closing);
        }
        throw new IllegalStateException("Could not start Basalt and HBase side by side", e);
      }
    }

    /** Clients first, then the processes, then Basalt's data; every step is tried, the first failure thrown. */
    @Override
    public void close() throws IOException {
      IOException failure = null;
      List<AutoCloseable> steps = new ArrayList<>(Arrays.asList(
          hbase == null ? null : hbase.connection(), basalt == null ? null : basalt.connection(),
          hbaseProcess, basaltProcess, () -> BasaltServerExtension.deleteRecursively(dataDir)));
      for (AutoCloseable step : steps) {
        try {
          if (step != null) {
            step.close();
          }
        } catch (Exception e) {
          if (failure == null) {
            failure = e instanceof IOException io ? io : new IOException(e);
          } else {
            failure.addSuppressed(e);
          }
        }
      }
      if (failure != null) {
        throw failure;
      }
    }
  }
}
