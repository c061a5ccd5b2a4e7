package io.basalt.storage;

import io.basalt.storage.errors.StorageException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A store in a temporary directory of its own for each test: {@link #open()} opens it, and opens it again after the
 * test closed it (a restart); after the test the store is closed and the directory removed.
 */
final class StoreInTempDirectory implements BeforeEachCallback, AfterEachCallback {
  private static final StoreOptions OPTIONS = StoreOptions.defaults().withRowLockWait(Duration.ofSeconds(5));

  private Path directory;
  private TabletStore latest;

  @Override
  public void beforeEach(ExtensionContext context) throws IOException {
    directory = Files.createTempDirectory("basalt-storage-test-");
  }

  /** Opens the test's store: the first time an empty one, afterwards what the test left in it. */
  TabletStore open() throws StorageException {
    latest = TabletStore.open(storeDirectory(), OPTIONS);
    return latest;
  }

  /** Where the store keeps its files. */
  Path storeDirectory() {
    return directory.resolve("store");
  }

  @Override
  public void afterEach(ExtensionContext context) throws IOException {
    if (latest != null) {
      latest.close();
      latest = null;
    }
    try (Stream<Path> paths = Files.walk(directory)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    }
  }
}
