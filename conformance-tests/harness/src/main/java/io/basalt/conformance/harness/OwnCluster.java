package io.basalt.conformance.harness;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A three-node cluster of a test's own, for tests that kill, stop, wipe or fill its nodes and so cannot share one:
 * started in a temporary directory before the test class ({@link #perClass}, registered on a static field) or before
 * each test ({@link #perTest}, on an instance field), with any settings written to a site file every node reads, and
 * stopped and deleted after it.
 */
public final class OwnCluster implements BeforeAllCallback, AfterAllCallback, BeforeEachCallback, AfterEachCallback {
  private final String name;
  private final boolean perTest;
  private final Map<String, String> settings = new LinkedHashMap<>();
  private Path root;
  private BasaltCluster cluster;

  private OwnCluster(String name, boolean perTest) {
    this.name = name;
    this.perTest = perTest;
  }

  /** One cluster for every test of the class; {@code name} prefixes its directory and its nodes' logs. */
  public static OwnCluster perClass(String name) {
    return new OwnCluster(name, false);
  }

  /** A fresh cluster for each test. */
  public static OwnCluster perTest(String name) {
    return new OwnCluster(name, true);
  }

  /** A setting every node starts with (in its {@code --config} file). */
  public OwnCluster with(String key, String value) {
    settings.put(key, value);
    return this;
  }

  /** The running cluster. */
  public BasaltCluster cluster() {
    if (cluster == null) {
      throw new IllegalStateException("the " + name + " cluster runs only while its tests do");
    }
    return cluster;
  }

  /** The temporary directory the cluster's nodes keep their data under (in {@code nodes/}), deleted afterwards. */
  public Path root() {
    return root;
  }

  @Override
  public void beforeAll(ExtensionContext context) throws IOException {
    if (!perTest) {
      start();
    }
  }

  @Override
  public void beforeEach(ExtensionContext context) throws IOException {
    if (perTest) {
      start();
    }
  }

  @Override
  public void afterEach(ExtensionContext context) throws IOException {
    if (perTest) {
      stop();
    }
  }

  @Override
  public void afterAll(ExtensionContext context) throws IOException {
    if (!perTest) {
      stop();
    }
  }

  private void start() throws IOException {
    root = Files.createTempDirectory("basalt-" + name + "-");
    if (settings.isEmpty()) {
      cluster = BasaltCluster.start(root.resolve("nodes"), 3, name);
    } else {
      Path config = SiteFileWriter.write(root.resolve("basalt-site.xml"), settings);
      cluster = BasaltCluster.start(root.resolve("nodes"), 3, name, "--config", config.toString());
    }
  }

  private void stop() throws IOException {
    try {
      if (cluster != null) {
        cluster.close();
      }
    } finally {
      cluster = null;
      if (root != null) {
        BasaltServerExtension.deleteRecursively(root);
        root = null;
      }
    }
  }
}
