package io.basalt.storage;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.CodeSource;
import java.util.List;
import org.rocksdb.RocksDB;
import org.rocksdb.util.Environment;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Loads RocksDB's native library. rocksdbjni on its own copies the library (some 15 MB) out of its jar into a new
 * temporary file at every start and deletes it only on a normal exit, so every killed process leaves one behind
 * and every start pays for the copy. Instead the library is copied once per rocksdbjni jar into a directory of
 * the user's under the temporary directory, and later starts load that copy.
 */
final class RocksLibrary {
  private static final Logger LOG = LoggerFactory.getLogger(RocksLibrary.class);
  private static boolean loaded;

  private RocksLibrary() {}

  static synchronized void load() {
    if (loaded) {
      return;
    }
    String name = Environment.getJniLibraryFileName("rocksdb");
    try {
      Path directory = extractedOnce(name);
      RocksDB.loadLibrary(List.of(directory.toString()));
    } catch (IOException | RuntimeException | UnsatisfiedLinkError e) {
      LOG.warn("Cannot keep a copy of RocksDB's library {} ({}); loading a temporary copy instead", name,
          e.toString());
      RocksDB.loadLibrary();
    }
    loaded = true;
  }

  /**
   * The directory holding an intact copy of the library, extracting it first if there is none. The copy is named
   * as {@link RocksDB#loadLibrary(List)} looks for it, {@code getJniLibraryFileName("rocksdbjni")}, which is not
   * the name of the library in the jar ({@code librocksdbjnijni-linux64.so} for {@code librocksdbjni-linux64.so}).
   */
  private static Path extractedOnce(String name) throws IOException {
    URL resource = RocksDB.class.getClassLoader().getResource(name);
    if (resource == null) {
      throw new IOException("the rocksdbjni jar has no " + name + " for this platform");
    }
    long size = resource.openConnection().getContentLengthLong();
    Path jar = jarOf(RocksDB.class);
    // The jar's name carries the version; its size and time tell a rebuilt jar of the same name apart.
    Path directory = Path.of(System.getProperty("java.io.tmpdir"), "basalt-" + System.getProperty("user.name"),
        jar.getFileName() + "-" + Files.size(jar) + "-" + Files.getLastModifiedTime(jar).toMillis());
    Path library = directory.resolve(Environment.getJniLibraryFileName("rocksdbjni"));
    if (Files.isRegularFile(library) && Files.size(library) == size) {
      return directory;
    }
    Files.createDirectories(directory);
    Path partial = Files.createTempFile(directory, name, ".partial");
    try (InputStream in = resource.openStream()) {
      Files.copy(in, partial, StandardCopyOption.REPLACE_EXISTING);
      if (Files.size(partial) != size) {
        throw new IOException("copied " + Files.size(partial) + " of the library's " + size + " bytes");
      }
      // Another process may be doing the same; whichever rename lands last leaves an equal, whole file.
      try {
        Files.move(partial, library, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(partial, library, StandardCopyOption.REPLACE_EXISTING);
      }
    } finally {
      Files.deleteIfExists(partial);
    }
    LOG.info("Copied RocksDB's library to {}", library);
    return directory;
  }

  private static Path jarOf(Class<?> type) throws IOException {
    CodeSource source = type.getProtectionDomain().getCodeSource();
    if (source == null || source.getLocation() == null) {
      throw new IOException("cannot tell which jar " + type.getName() + " came from");
    }
    try {
      Path jar = Path.of(source.getLocation().toURI());
      if (!Files.isRegularFile(jar)) {
        throw new IOException(type.getName() + " was not loaded from a jar but from " + jar);
      }
      return jar;
    } catch (URISyntaxException | IllegalArgumentException e) {
      throw new IOException("cannot tell which jar " + type.getName() + " came from: " + e.getMessage(), e);
    }
  }
}
