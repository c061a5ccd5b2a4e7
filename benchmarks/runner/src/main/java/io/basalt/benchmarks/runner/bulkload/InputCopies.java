package io.basalt.benchmarks.runner.bulkload;

import io.basalt.conformance.harness.BasaltServerExtension;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The input HFiles, written once per run, and a copy of them for each bulk load: a load may take its files away
 * (HBase renames files of its own HDFS into its store) and the tool writes the halves it splits beside them, so each
 * gets a directory of its own whose files are hard links to the originals, as {@code cp -al} makes them. Nothing is copied, both servers read the same
 * bytes (in the page cache since they were written), and each consumes only its own names.
 */
final class InputCopies {
  private final Path originals;

  InputCopies(Path originals) {
    this.originals = originals;
  }

  Path originals() {
    return originals;
  }

  /** A new directory {@code copy} with a hard link to every original file, under the same relative names. */
  Path link(Path copy) throws IOException {
    BasaltServerExtension.deleteRecursively(copy);
    try (Stream<Path> files = Files.walk(originals)) {
      for (Path file : files.filter(Files::isRegularFile).toList()) {
        Path link = copy.resolve(originals.relativize(file));
        Files.createDirectories(link.getParent());
        Files.createLink(link, file);
      }
    }
    return copy;
  }

  /** The regular files still in {@code copy} (a load that consumed all of its files leaves none). */
  static List<Path> left(Path copy) throws IOException {
    if (!Files.exists(copy)) {
      return List.of();
    }
    try (Stream<Path> files = Files.walk(copy)) {
      return files.filter(Files::isRegularFile).toList();
    }
  }

  /** Bytes of the original files. */
  long bytes() throws IOException {
    try (Stream<Path> files = Files.walk(originals)) {
      long sum = 0;
      for (Path file : files.filter(Files::isRegularFile).toList()) {
        sum += Files.size(file);
      }
      return sum;
    }
  }
}
