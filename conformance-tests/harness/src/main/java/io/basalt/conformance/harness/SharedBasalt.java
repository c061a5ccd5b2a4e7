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

  private final BasaltProcess process;
  private final Path dataDir;

  private SharedBasalt(BasaltProcess process, Path dataDir) {
    this.process = process;
    this.dataDir = dataDir;
  }

  /** The run's shared Basalt, started now if no test class has asked for it yet. */
  public static BasaltProcess process(ExtensionContext context) {
    return context.getRoot().getStore(NAMESPACE)
        .getOrComputeIfAbsent(SharedBasalt.class, key -> start(), SharedBasalt.class).process;
  }

  private static SharedBasalt start() {
    try {
      Path dataDir = Files.createTempDirectory("basalt-shared-");
      // Two runs of one module (say, with different client settings) keep separate logs.
      String logName = "shared-basalt-" + System.getProperty("basalt.conformance.column", "run");
      return new SharedBasalt(BasaltProcess.start(dataDir, logName), dataDir);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() throws IOException {
    try {
      process.close();
    } finally {
      BasaltServerExtension.deleteRecursively(dataDir);
    }
  }
}
