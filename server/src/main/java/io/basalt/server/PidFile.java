package io.basalt.server;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The file naming this process's id while it serves, so that scripts can find, check and stop it. Written whole
 * (through a temporary file), and removed at exit only while it still names this process.
 */
final class PidFile {
  private final Path path;
  private final String pid = Long.toString(ProcessHandle.current().pid());

  private PidFile(Path path) {
    this.path = path;
  }

  static PidFile write(Path path) throws IOException {
    Path absolute = path.toAbsolutePath();
    Files.createDirectories(absolute.getParent());
    Path partial = Files.createTempFile(absolute.getParent(), absolute.getFileName().toString(), ".partial");
    try {
      PidFile file = new PidFile(absolute);
      Files.writeString(partial, file.pid + "\n", StandardCharsets.US_ASCII);
      try {
        Files.move(partial, absolute, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(partial, absolute, StandardCopyOption.REPLACE_EXISTING);
      }
      return file;
    } finally {
      Files.deleteIfExists(partial);
    }
  }

  /** Removes the file if it still names this process; another process may have taken it over. */
  void removeIfOurs() {
    try {
      if (Files.isRegularFile(path) && Files.readString(path, StandardCharsets.US_ASCII).trim().equals(pid)) {
        Files.delete(path);
      }
    } catch (IOException e) {
      System.err.println("basalt: could not remove the pid file " + path + ": " + e.getMessage());
    }
  }
}
