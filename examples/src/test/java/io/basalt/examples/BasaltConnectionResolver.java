package io.basalt.examples;

import io.basalt.conformance.harness.BasaltProcess;
import io.basalt.conformance.harness.BasaltServerExtension;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Gives test methods a stock-client {@link Connection} to a Basalt child process on free ports. The process is
 * started once for the whole test run, since starting it costs more than most examples take at test size, and
 * JUnit closes it (and deletes its data directory) when the run ends.
 */
final class BasaltConnectionResolver implements ParameterResolver {
  private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(BasaltConnectionResolver.class);

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.getParameter().getType() == Connection.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    return context.getRoot().getStore(NAMESPACE)
        .getOrComputeIfAbsent(RunningServer.class, key -> RunningServer.start(), RunningServer.class)
        .connection;
  }

  /** Stored in the root context, so JUnit closes it after the last test. */
  private static final class RunningServer implements AutoCloseable {
    private final Path dataDir;
    private final BasaltProcess process;
    private final Connection connection;

    private RunningServer(Path dataDir, BasaltProcess process, Connection connection) {
      this.dataDir = dataDir;
      this.process = process;
      this.connection = connection;
    }

    static RunningServer start() {
      Path dataDir = null;
      BasaltProcess process = null;
      try {
        dataDir = Files.createTempDirectory("basalt-examples-");
        process = BasaltProcess.start(dataDir, "examples");
        Configuration conf = HBaseConfiguration.create();
        conf.set("hbase.zookeeper.quorum", process.zookeeperHost());
        conf.set("hbase.zookeeper.property.clientPort", Integer.toString(process.zookeeperPort()));
        return new RunningServer(dataDir, process, ConnectionFactory.createConnection(conf));
      } catch (IOException e) {
        stopQuietly(process, dataDir);
        throw new UncheckedIOException("cannot start Basalt for the examples", e);
      }
    }

    @Override
    public void close() throws IOException {
      try {
        connection.close();
      } finally {
        try {
          process.close();
        } finally {
          BasaltServerExtension.deleteRecursively(dataDir);
        }
      }
    }

    private static void stopQuietly(BasaltProcess process, Path dataDir) {
      try {
        if (process != null) {
          process.close();
        }
        BasaltServerExtension.deleteRecursively(dataDir);
      } catch (IOException e) {
        // already failing; the start failure is the error worth reporting
      }
    }
  }
}
