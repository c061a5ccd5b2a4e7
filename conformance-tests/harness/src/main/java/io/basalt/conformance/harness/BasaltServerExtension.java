package io.basalt.conformance.harness;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One Basalt process for a test class: started on free ports and a fresh temporary data directory before the
 * first test, stopped (and the directory removed) after the last. Register it as a static field with
 * {@code @RegisterExtension}.
 */
public final class BasaltServerExtension implements BeforeAllCallback, AfterAllCallback {
  private final Map<String, String> properties;
  private BasaltProcess process;
  private Path dataDir;

  public BasaltServerExtension() {
    this(Map.of());
  }

  /** A server started with these configuration properties (written to a config file it is given). */
  public BasaltServerExtension(Map<String, String> properties) {
    this.properties = Map.copyOf(properties);
  }

  @Override
  public void beforeAll(ExtensionContext context) throws IOException {
    dataDir = Files.createTempDirectory("basalt-test-");
    String name = context.getRequiredTestClass().getSimpleName();
    if (properties.isEmpty()) {
      process = BasaltProcess.start(dataDir, name);
    } else {
      process = BasaltProcess.start(dataDir, name, "--config",
          SiteFileWriter.write(dataDir.resolve("basalt-site.xml"), properties).toString());
    }
  }

  @Override
  public void afterAll(ExtensionContext context) throws IOException {
    try {
      if (process != null) {
        process.close();
      }
    } finally {
      deleteRecursively(dataDir);
    }
  }

  public BasaltProcess process() {
    if (process == null) {
      throw new IllegalStateException("Basalt is not running: the extension must be registered statically");
    }
    return process;
  }

  /** Deletes a directory tree, as tests clean up after themselves. */
  public static void deleteRecursively(Path directory) throws IOException {
    if (directory == null || !Files.exists(directory)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(directory)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    }
  }
}
