package io.basalt.storage.snapshotfiles;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** File operations snapshots are built from, each durable once it returns. */
final class DurableFiles {
  private DurableFiles() {}

  /** Writes a new file and forces it to disk. */
  static void write(Path file, byte[] contents) throws IOException {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
      ByteBuffer buffer = ByteBuffer.wrap(contents);
      while (buffer.hasRemaining()) {
        channel.write(buffer);
      }
      channel.force(true);
    }
  }

  /** Forces a directory's entries (files created, renamed or removed in it) to disk. */
  static void syncDirectory(Path directory) throws IOException {
    try (FileChannel channel = FileChannel.open(directory, StandardOpenOption.READ)) {
      channel.force(true);
    }
  }

  /**
   * Makes {@code link} a second name of {@code existing}, which costs no copy; copies where the file system has no
   * hard links.
   */
  static void linkOrCopy(Path link, Path existing) throws IOException {
    try {
      Files.createLink(link, existing);
    } catch (UnsupportedOperationException | FileSystemException e) {
      Files.copy(existing, link);
      try (FileChannel channel = FileChannel.open(link, StandardOpenOption.WRITE)) {
        channel.force(true);
      }
    }
  }

  /** Removes a directory and everything under it; a missing directory is already removed. */
  static void removeTree(Path root) throws IOException {
    if (!Files.exists(root)) {
      return;
    }
    List<Path> paths;
    try (Stream<Path> walk = Files.walk(root)) {
      paths = walk.sorted(Comparator.reverseOrder()).toList();
    }
    for (Path path : paths) {
      Files.deleteIfExists(path);
    }
  }
}
