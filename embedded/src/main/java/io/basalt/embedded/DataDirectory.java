package io.basalt.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** The directory an embedded server keeps its data in, and whether closing the server deletes it. */
record DataDirectory(Path path, boolean deleteOnClose) {

  static DataDirectory createTemporary() throws IOException {
    return new DataDirectory(Files.createTempDirectory("basalt-embedded-"), true);
  }

  static DataDirectory kept(Path path) {
    return new DataDirectory(path.toAbsolutePath().normalize(), false);
  }

  /** Deletes a temporary directory and everything in it; a kept directory is left alone. */
  void clean() {
    if (!deleteOnClose || !Files.exists(path)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(path)) {
      for (Path each : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(each);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
