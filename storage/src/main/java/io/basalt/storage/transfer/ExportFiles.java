package io.basalt.storage.transfer;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The file operations an export directory is built and consumed with, each durable once it returns: an export is
 * the state a replica will be rebuilt from, so what the caller is told was written must survive a crash.
 */
final class ExportFiles {
  private ExportFiles() {}

  /**
   * Writes {@code file} whole or not at all: the bytes go to a temporary name, are forced to disk, and are renamed
   * into place, so a crash leaves either no file or the complete one.
   */
  static void writeAtomically(Path file, byte[] contents) throws IOException {
    Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
    Files.deleteIfExists(temporary);
    try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.CREATE_NEW,
        StandardOpenOption.WRITE)) {
      ByteBuffer buffer = ByteBuffer.wrap(contents);
      while (buffer.hasRemaining()) {
        channel.write(buffer);
      }
      channel.force(true);
    }
    Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE);
    syncDirectory(file.getParent());
  }

  /** Forces a file's contents to disk. */
  static void force(Path file) throws IOException {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
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
      force(link);
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
