package io.basalt.storage;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * File operations of replica state sent between members ({@link StateExports}, {@link StateDownload}): a fetched
 * state is what a replica is rebuilt from, so what is written is on disk before the install is marked as begun.
 */
final class StateFiles {
  /** Names a member may give the files of an export: no separators, so none lands outside the directory. */
  private static final Pattern FILE_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,127}");

  private StateFiles() {}

  static boolean isPlainName(String name) {
    return FILE_NAME.matcher(name).matches();
  }

  /** Writes {@code file} whole or not at all, forced to disk. */
  static void writeDurably(Path file, byte[] contents) throws IOException {
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

  /** Forces a directory's entries (files created, renamed or removed in it) to disk. */
  static void syncDirectory(Path directory) throws IOException {
    try (FileChannel channel = FileChannel.open(directory, StandardOpenOption.READ)) {
      channel.force(true);
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
