package io.basalt.server.auth;

import io.basalt.hbase.security.TokenKey;
import io.basalt.hbase.security.TokenKeyStore;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

/**
 * The delegation token keys of a single node, in a file of the data directory readable by its owner only: one line
 * per key ({@link TokenKey#toText}). A new set is written beside the old one, forced to disk
 * and moved over it, so a crash leaves one set or the other whole.
 */
public final class TokenKeyFile implements TokenKeyStore {
  private final Path file;

  public TokenKeyFile(Path dataDir) {
    this.file = dataDir.resolve("security").resolve("token-keys");
  }

  @Override
  public List<TokenKey> load() throws IOException {
    if (!Files.exists(file)) {
      return List.of();
    }
    return TokenKey.fromText(Files.readString(file, StandardCharsets.US_ASCII), file.toString());
  }

  @Override
  public void save(List<TokenKey> keys) throws IOException {
    String text = TokenKey.toText(keys);
    Files.createDirectories(file.getParent());
    Path next = file.resolveSibling(file.getFileName() + ".next");
    Files.deleteIfExists(next);
    try {
      Files.createFile(next, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    } catch (UnsupportedOperationException e) { // not a POSIX file system: its default permissions apply
      Files.createFile(next);
    } catch (FileAlreadyExistsException e) {
      throw new IOException("another process is writing " + next, e);
    }
    try (FileChannel channel = FileChannel.open(next, StandardOpenOption.WRITE)) {
      channel.write(StandardCharsets.US_ASCII.encode(text));
      channel.force(true);
    }
    Files.move(next, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
  }
}
