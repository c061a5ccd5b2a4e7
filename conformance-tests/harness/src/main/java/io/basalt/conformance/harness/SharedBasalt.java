package io.basalt.conformance.harness;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One Basalt process for a whole test run (one Surefire JVM): started by the first test class that asks for it and
 * stopped, with its data directory removed, when JUnit closes the root context after the last class. Suites whose
 * classes only create tables of their own names share it, instead of paying for a start per class.
 */
public final class SharedBasalt implements AutoCloseable {
  private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(SharedBasalt.class);

  private final BasaltTarget target;
  private final AutoCloseable running;
  private final Path dataDir;

  private SharedBasalt(BasaltTarget target, AutoCloseable running, Path dataDir) {
    this.target = target;
    this.running = running;
    this.dataDir = dataDir;
  }

  /**
   * The run's shared Basalt, started now if no test class has asked for it yet: one process, or with the system
   * property {@code basalt.conformance.cluster=N} a cluster of N node processes on loopback.
   */
  public static BasaltTarget target(ExtensionContext context) {
    return context.getRoot().getStore(NAMESPACE)
        .getOrComputeIfAbsent(SharedBasalt.class, key -> start(), SharedBasalt.class).target;
  }

  private static SharedBasalt start() {
    try {
      Path dataDir = Files.createTempDirectory("basalt-shared-");
      // Two runs of one module (say, with different client settings) keep separate logs.
      String logName = "shared-basalt-" + System.getProperty("basalt.conformance.column", "run");
      int nodes = Integer.getInteger("basalt.conformance.cluster", 0);
      if (nodes > 0) {
        BasaltCluster cluster = BasaltCluster.start(dataDir, nodes, logName);
        return new SharedBasalt(cluster, cluster, dataDir);
      }
      BasaltProcess process = BasaltProcess.start(dataDir, logName);
      return new SharedBasalt(process, process, dataDir);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() throws IOException {
    try {
      running.close();
    } catch (IOException e) {
      throw e;
    } catch (Exception e) {
      throw new IOException(e);
    } finally {
      BasaltServerExtension.deleteRecursively(dataDir);
    }
  }
}
