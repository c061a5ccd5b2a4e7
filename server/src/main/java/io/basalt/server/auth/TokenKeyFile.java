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
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * The delegation token keys of a single node, in a file of the data directory readable by its owner only: one line
 * per key, {@code id created-ms expires-ms base64-secret}. A new set is written beside the old one, forced to disk
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
    List<TokenKey> keys = new ArrayList<>();
    int number = 0;
    for (String line : Files.readAllLines(file, StandardCharsets.US_ASCII)) {
      number++;
      String[] fields = line.trim().split(" ");
      try {
        keys.add(new TokenKey(Integer.parseInt(fields[0]), Base64.getDecoder().decode(fields[3]),
            Long.parseLong(fields[1]), Long.parseLong(fields[2])));
      } catch (RuntimeException e) {
        throw new IOException(file + " line " + number + " is not a token key (id created expires secret): " + e);
      }
    }
    return keys;
  }

  @Override
  public void save(List<TokenKey> keys) throws IOException {
    StringBuilder text = new StringBuilder();
    for (TokenKey key : keys) {
      text.append(key.id()).append(' ').append(key.createdMillis()).append(' ').append(key.expiresAtMillis())
          .append(' ').append(Base64.getEncoder().encodeToString(key.secret())).append('\n');
    }
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
      channel.write(StandardCharsets.US_ASCII.encode(text.toString()));
      channel.force(true);
    }
    Files.move(next, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
  }
}
