package io.basalt.conformance.differential;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.basalt.conformance.harness.BasaltCluster;
import io.basalt.conformance.harness.BasaltProcess;
import io.basalt.conformance.harness.BasaltServerExtension;
import io.basalt.conformance.harness.BasaltTarget;
import io.basalt.conformance.harness.HBaseOracleProcess;
import io.basalt.conformance.harness.SiteFileWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.security.User;
import org.apache.hadoop.security.UserGroupInformation;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Basalt and a real HBase 2.6.4 side by side, each with a stock 2.6 client connected, for tests that make the same
 * calls on both and compare what they answer. Register it as a static field with {@code @RegisterExtension}.
 *
 * <p>{@link #shared()} is one pair for every test class of the run that touches only tables of its own: HBase takes
 * some twenty seconds to start, so the pair starts once and stops when the run ends. {@link #ofItsOwn()} is a pair
 * for one test class, stopped after it, for a test that changes what others would see (switches kept by the
 * cluster, fixed table names).
 *
 * <p>With the system property {@code basalt.conformance.cluster=N} Basalt is a cluster of N node processes on
 * loopback instead of one process, and its client knows nothing but the nodes' ZooKeeper addresses, as a user's.
 */
final class BasaltAndHBase implements BeforeAllCallback {
  private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(BasaltAndHBase.class);

  /** A sequence of calls against one server, on a table name no other sequence uses. */
  @FunctionalInterface
  interface Sequence {
    String run(Connection connection, Admin admin, TableName table) throws Exception;
  }

  private final boolean shared;
  private final Map<String, String> site;
  private final Map<String, String> hbaseOnly;
  private final boolean infoServers;
  private Servers servers;

  private BasaltAndHBase(boolean shared, Map<String, String> site, Map<String, String> hbaseOnly,
      boolean infoServers) {
    this.shared = shared;
    this.site = site;
    this.hbaseOnly = hbaseOnly;
    this.infoServers = infoServers;
  }

  /**
   * What the shared pair runs with, for the classes that would otherwise need a pair of their own (a second HBase
   * costs twenty seconds of starting): both keep the slow and large log, a call counting as large when its answer
   * is over {@value #LARGE_CALL_BYTES} bytes and none as slow, for {@code SlowLogOracleTest}. Other classes'
   * large calls are logged too, under their own tables, which that test filters out.
   */
  static final Map<String, String> SHARED_SITE = Map.of("hbase.regionserver.slowlog.buffer.enabled", "true",
      "hbase.ipc.warn.response.time", "-1", "hbase.ipc.warn.response.size", "4096");
  static final int LARGE_CALL_BYTES = 4096;

  /**
   * The pair shared by the run ({@link #SHARED_SITE}), HBase with its info ports on, for {@code MetricsOracleTest}:
   * Jetty adds a second to HBase's twenty of starting, where a pair of its own would cost the whole twenty again.
   */
  static BasaltAndHBase shared() {
    return new BasaltAndHBase(true, SHARED_SITE, SHARED_HBASE_ONLY, true);
  }

  /**
   * HBase's catalog janitor of the shared pair runs once, as HBase starts, instead of every five minutes: a run
   * scans hbase:meta and deletes the split parents of earlier classes from it through the region server's RPC. Once
   * in CI (2026-11-29, the module's run past five minutes) {@code MetricsOracleTest} saw two scans and a multi with
   * a delete more on HBase than its workload made, which is what such a run costs. An explicit
   * {@code runCatalogJanitor} still runs it.
   */
  static final Map<String, String> SHARED_HBASE_ONLY =
      Map.of("hbase.catalogjanitor.interval", Integer.toString(Integer.MAX_VALUE));

  static BasaltAndHBase ofItsOwn() {
    return new BasaltAndHBase(false, Map.of(), Map.of(), false);
  }

  /**
   * A pair for one test class, both servers configured with {@code site} (as each reads it: Basalt from its
   * configuration file, HBase from its hbase-site.xml), HBase also with {@code hbaseOnly} (the coprocessors that
   * give it what Basalt has built in).
   */
  static BasaltAndHBase ofItsOwn(Map<String, String> site, Map<String, String> hbaseOnly) {
    return new BasaltAndHBase(false, site, hbaseOnly, false);
  }

  @Override
  public void beforeAll(ExtensionContext context) {
    // A store closes what it holds when its context ends: the root's when the run ends, the class's after it. A
    // class's store also answers with what its parents hold, so a class's own pair needs a key of its own, or it
    // would be handed the shared pair whenever another class had started that first.
    ExtensionContext owner = shared ? context.getRoot() : context;
    String name = shared ? "shared" : context.getRequiredTestClass().getSimpleName();
    Object key = shared ? Servers.class : context.getRequiredTestClass();
    servers = owner.getStore(NAMESPACE).getOrComputeIfAbsent(key,
        unused -> Servers.start(name, site, hbaseOnly, infoServers), Servers.class);
  }

  Connection basalt() {
    return started().basalt;
  }

  Connection hbase() {
    return started().hbase;
  }

  /** The info port of Basalt, when it runs as one process. */
  int basaltInfoPort() throws IOException {
    if (!(started().basaltRunning instanceof BasaltProcess process)) {
      throw new IllegalStateException("Basalt runs as a cluster: which node's info port is meant?");
    }
    return process.infoPort();
  }

  /** The info port of HBase's region server (the shared pair's HBase has its info ports on). */
  int hbaseInfoPort() {
    return started().hbaseProcess.infoServers().regionServerPort();
  }

  /**
   * A connection to the same server as {@code server} (one of the two this pair connects with) as another user,
   * named by simple authentication; one per user and server, closed with the pair.
   */
  Connection as(Connection server, String user) throws IOException {
    return started().as(server, user);
  }

  /** A table name no other sequence of the run has used. */
  TableName newTable(String prefix) {
    return TableName.valueOf(prefix + "_" + started().tables.incrementAndGet());
  }

  /** Runs the sequence on both servers, each on a new table of the same name, and requires the same outcome. */
  String same(Sequence sequence) {
    TableName table = newTable("same");
    String expected = outcome(hbase(), sequence, table);
    String actual = outcome(basalt(), sequence, table);
    assertEquals(expected, actual, "HBase (expected) and Basalt (actual) differ");
    return actual;
  }

  private static String outcome(Connection connection, Sequence sequence, TableName table) {
    try (Admin admin = connection.getAdmin()) {
      return sequence.run(connection, admin, table);
    } catch (Exception e) {
      return failure(e);
    }
  }

  /**
   * An exception and its causes by class and first line: the rest is the server's stack, which always differs. Times
   * in milliseconds (in the names of fail-safe snapshots) are masked.
   */
  static String failure(Throwable error) {
    StringBuilder text = new StringBuilder("threw");
    for (Throwable t = error; t != null; t = t.getCause()) {
      String message = String.valueOf(t.getMessage());
      int end = message.indexOf('\n');
      text.append(' ').append(t.getClass().getName()).append(": ")
          .append(end < 0 ? message : message.substring(0, end));
    }
    return text.toString().replaceAll("\\d{13}", "<millis>");
  }

  /**
   * The stock client's settings for either server, alike but for where its ZooKeeper is: {@code quorum} lists every
   * {@code host:port}, one for a single process, one per node for a cluster.
   */
  static Configuration clientConfiguration(String quorum) {
    Configuration conf = HBaseConfiguration.create();
    conf.set("hbase.zookeeper.quorum", quorum);
    // Many sequences end in errors HBase's client retries; do not spend minutes finding out they persist.
    conf.setInt("hbase.client.retries.number", 3);
    conf.setLong("hbase.client.pause", 50);
    conf.setInt("hbase.client.operation.timeout", 60_000);
    return conf;
  }

  /** How many nodes Basalt runs as: 0 for one process without {@code --members}. */
  static int clusterSize() {
    return Integer.getInteger("basalt.conformance.cluster", 0);
  }

  private Servers started() {
    if (servers == null) {
      throw new IllegalStateException("the servers are not running: the extension must be registered statically");
    }
    return servers;
  }

  /** Both processes, their connections and the run's table counter; closed by the store that holds them. */
  private static final class Servers implements AutoCloseable {
    private final AtomicInteger tables = new AtomicInteger();
    private Path dataDir;
    private AutoCloseable basaltRunning;
    private HBaseOracleProcess hbaseProcess;
    private Connection basalt;
    private Connection hbase;
    private final Map<String, Connection> users = new ConcurrentHashMap<>();

    static Servers start(String run, Map<String, String> site, Map<String, String> hbaseOnly, boolean infoServers) {
      Servers servers = new Servers();
      // The cluster's run keeps logs apart from the single process's run of the same module.
      String name = clusterSize() > 0 ? run + "-cluster" : run;
      try {
        servers.dataDir = Files.createTempDirectory("basalt-differential-");
        // HBase first: its twenty seconds of starting overlap Basalt's, which returns only once it serves.
        Map<String, String> hbaseSite = new HashMap<>(site);
        hbaseSite.putAll(hbaseOnly);
        servers.hbaseProcess = infoServers ? HBaseOracleProcess.launchWithInfoServers(name, hbaseSite)
            : HBaseOracleProcess.launch(List.of(), name, hbaseSite);
        BasaltTarget basalt = servers.startBasalt(name, site);
        servers.basalt = ConnectionFactory.createConnection(clientConfiguration(basalt.zookeeperQuorum()));
        servers.hbase = OracleReadiness.connectWhenReady(servers.hbaseProcess,
            clientConfiguration("127.0.0.1:" + servers.hbaseProcess.zookeeperPort()));
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

    Connection as(Connection server, String user) throws IOException {
      if (server != basalt && server != hbase) {
        throw new IllegalArgumentException("not a connection of this pair");
      }
      String key = (server == basalt ? "basalt/" : "hbase/") + user;
      Connection existing = users.get(key);
      if (existing == null) {
        existing = ConnectionFactory.createConnection(server.getConfiguration(),
            User.create(UserGroupInformation.createRemoteUser(user)));
        users.put(key, existing);
      }
      return existing;
    }

    /**
     * One Basalt process, or with {@code basalt.conformance.cluster=N} a cluster of N, under the data directory,
     * configured with {@code site} when it is not empty.
     */
    private BasaltTarget startBasalt(String name, Map<String, String> site) throws IOException {
      String[] config = site.isEmpty() ? new String[0] : new String[] {"--config",
          SiteFileWriter.write(dataDir.resolve(name + "-site.xml"), site).toString()};
      if (clusterSize() > 0) {
        BasaltCluster cluster = BasaltCluster.start(dataDir, clusterSize(), name, config);
        basaltRunning = cluster;
        return cluster;
      }
      BasaltProcess process = BasaltProcess.start(dataDir, name, config);
      basaltRunning = process;
      return process;
    }

    /** Connections first, then the processes, then Basalt's data; every step is tried, the first failure thrown. */
    @Override
    public void close() throws IOException {
      IOException failure = null;
      List<AutoCloseable> steps = new ArrayList<>(users.values());
      steps.addAll(Arrays.asList(hbase, basalt, hbaseProcess, basaltRunning,
          () -> BasaltServerExtension.deleteRecursively(dataDir)));
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
