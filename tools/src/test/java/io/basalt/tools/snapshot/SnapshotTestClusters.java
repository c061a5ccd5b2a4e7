package io.basalt.tools.snapshot;

import io.basalt.conformance.harness.BasaltProcess;
import io.basalt.conformance.harness.BasaltServerExtension;
import io.basalt.conformance.harness.HBaseOracleProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.codec.KeyValueCodecWithTags;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Real HBase 2.6.4 (its root directory a {@code file:} directory of the tests', where ExportSnapshot copies to and
 * from) and a Basalt, both child processes, for the snapshot import's and export's tests: started by the first test
 * class that asks for them, ready to serve, and stopped, their directories removed, when the JVM's test run ends.
 * Starting them is most of the export test's time (about 28 s of its 39-41 s alone on the project's 2-core
 * machine), so {@link SnapshotToolsSuiteTest} runs both classes in one JVM on one pair (import and export took 55 s
 * together there, against 102 s as two classes); a class run alone starts its own. Each class keeps its data apart:
 * its own namespaces, snapshot names and directory ({@link #newDir}).
 */
final class SnapshotTestClusters implements ExtensionContext.Store.CloseableResource {
  private static final long READY_TIMEOUT_MILLIS = 180_000;
  private static final ExtensionContext.Namespace NAMESPACE =
      ExtensionContext.Namespace.create(SnapshotTestClusters.class);

  private final Path work;
  private final Path hbaseRoot;
  private final HBaseOracleProcess hbaseProcess;
  private final BasaltProcess basaltProcess;

  private SnapshotTestClusters(Path work, Path hbaseRoot, HBaseOracleProcess hbaseProcess,
      BasaltProcess basaltProcess) {
    this.work = work;
    this.hbaseRoot = hbaseRoot;
    this.hbaseProcess = hbaseProcess;
    this.basaltProcess = basaltProcess;
  }

  /** Resolves a {@code SnapshotTestClusters} parameter of a test class's {@code @BeforeAll}: the JVM's one pair. */
  static final class Resolver implements ParameterResolver {
    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
      return parameter.getParameter().getType() == SnapshotTestClusters.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
      return context.getRoot().getStore(NAMESPACE).getOrComputeIfAbsent(SnapshotTestClusters.class,
          key -> start(), SnapshotTestClusters.class);
    }
  }

  private static SnapshotTestClusters start() {
    Path work = null;
    HBaseOracleProcess hbase = null;
    BasaltProcess basalt = null;
    try {
      work = Files.createTempDirectory("basalt-snapshot-tests-");
      Path hbaseRoot = Files.createDirectories(work.resolve("hbase-root"));
      hbase = HBaseOracleProcess.launch(List.of(), "SnapshotTests",
          Map.of("hbase.rootdir", hbaseRoot.toUri().toString()));
      basalt = BasaltProcess.start(Files.createDirectories(work.resolve("basalt-data")), "SnapshotTests");
      SnapshotTestClusters clusters = new SnapshotTestClusters(work, hbaseRoot, hbase, basalt);
      clusters.awaitHBase();
      return clusters;
    } catch (Exception e) {
      IllegalStateException failure = new IllegalStateException("cannot start HBase and Basalt for the snapshot"
          + " tests", e);
      for (AutoCloseable started : new AutoCloseable[] {basalt, hbase}) {
        closeInto(started, failure);
      }
      if (work != null) {
        try {
          BasaltServerExtension.deleteRecursively(work);
        } catch (IOException deleteFailed) {
          failure.addSuppressed(deleteFailed);
        }
      }
      throw failure;
    }
  }

  private static void closeInto(AutoCloseable closeable, Exception failure) {
    if (closeable == null) {
      return;
    }
    try {
      closeable.close();
    } catch (Exception e) {
      failure.addSuppressed(e);
    }
  }

  /** Waits until HBase's master is initialized (its namespaces answer) and a region server has joined it. */
  private void awaitHBase() throws Exception {
    long deadline = System.currentTimeMillis() + READY_TIMEOUT_MILLIS;
    try (Connection connection = ConnectionFactory.createConnection(hbaseClient(false))) {
      while (true) {
        try (Admin admin = connection.getAdmin()) {
          admin.listNamespaceDescriptors();
          if (!admin.getRegionServers().isEmpty()) {
            return;
          }
        } catch (IOException e) {
          if (!hbaseProcess.isAlive() || System.currentTimeMillis() > deadline) {
            throw new IOException("HBase did not become ready; see " + hbaseProcess.log(), e);
          }
        }
        if (System.currentTimeMillis() > deadline) {
          throw new IOException("HBase has no region server after " + READY_TIMEOUT_MILLIS + " ms; see "
              + hbaseProcess.log());
        }
        Thread.sleep(1_000); // a poll: HBase says nowhere a parent process can wait on that it is ready
      }
    }
  }

  /** A new directory of the caller's own under the tests' work directory. */
  Path newDir(String prefix) throws IOException {
    return Files.createTempDirectory(work, prefix);
  }

  /** HBase's root directory, a {@code file:} directory. */
  Path hbaseRoot() {
    return hbaseRoot;
  }

  /** Basalt's ZooKeeper, as the tools take it. */
  String basaltCluster() {
    return basaltProcess.zookeeperHost() + ":" + basaltProcess.zookeeperPort();
  }

  /** A client of HBase; with {@code tags}, one that asks for cell blocks with tags, so that a TTL tag shows. */
  Configuration hbaseClient(boolean tags) {
    return client("127.0.0.1", hbaseProcess.zookeeperPort(), tags);
  }

  /** A client of Basalt, with or without tags as {@link #hbaseClient}. */
  Configuration basaltClient(boolean tags) {
    return client(basaltProcess.zookeeperHost(), basaltProcess.zookeeperPort(), tags);
  }

  private static Configuration client(String zookeeperHost, int zookeeperPort, boolean tags) {
    Configuration conf = HBaseConfiguration.create();
    conf.set("hbase.zookeeper.quorum", zookeeperHost);
    conf.setInt("hbase.zookeeper.property.clientPort", zookeeperPort);
    if (tags) {
      conf.set(HConstants.RPC_CODEC_CONF_KEY, KeyValueCodecWithTags.class.getName());
    }
    return conf;
  }

  @Override
  public void close() throws Exception {
    IOException failure = new IOException("stopping the snapshot tests' HBase and Basalt failed");
    closeInto(basaltProcess, failure);
    closeInto(hbaseProcess, failure);
    try {
      BasaltServerExtension.deleteRecursively(work);
    } catch (IOException e) {
      failure.addSuppressed(e);
    }
    if (failure.getSuppressed().length > 0) {
      throw failure;
    }
  }
}
