package io.basalt.tools.cert;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.Set;

/**
 * Writes files that hold private keys or their passwords so that only their owner may read them (mode 600). The
 * file is created with that mode rather than changed to it afterwards, so its content is never readable by others,
 * not even for a moment; on a file system without POSIX permissions it is written as any other file.
 */
final class OwnerOnlyFiles {
  private static final Set<PosixFilePermission> OWNER_READ_WRITE =
      EnumSet.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);

  private OwnerOnlyFiles() {
  }

  /** Writes the bytes to the file, replacing any file there (whose mode would otherwise be kept). */
  static void write(Path file, byte[] content) throws IOException {
    Files.deleteIfExists(file);
    if (file.getFileSystem().supportedFileAttributeViews().contains("posix")) {
      Files.createFile(file, PosixFilePermissions.asFileAttribute(OWNER_READ_WRITE));
    } else {
      Files.createFile(file);
    }
    Files.write(file, content, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING);
  }
}
