package io.basalt.conformance.harness;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;

/**
 * The class data sharing archive the tests' server processes start from, as {@code bin/basalt start} gives one to
 * every start after the first: the JVM maps the server's classes, already parsed and verified, instead of loading
 * them from the jars. The build starts many (the cluster module alone 35 cluster nodes); measured on the 2-core
 * development machine (noisy, another build running), a single node took 2.6-2.9 s of CPU to its ready line
 * without the archive and 1.5-1.6 s with it, and each node of a three-node cluster about 8 s against about 5.
 *
 * <p>Written once per build of the server jar, the first time a test JVM needs it: a server is started with
 * {@code -XX:ArchiveClassesAtExit}, stopped once ready, and the archive it leaves moved into place, under a file
 * lock that the test JVMs of modules running at once share. Named by the system property
 * {@code basalt.server.classArchive} (the conformance and tools modules set it; the benchmark runner, which times
 * starts with and without its own archive, does not). Without it, or when a start brings its own archive options,
 * or when the archive cannot be written (a warning says why), servers start as they would without.
 */
final class ServerClassArchive {
  static final String PROPERTY = "basalt.server.classArchive";
  private static final List<String> SHARING = List.of("-Xshare:auto", "-Xlog:cds=off", "-Xlog:cds+dynamic=off");

  /** Set once this JVM found it could not write the archive: no second try. */
  private static boolean unavailable;

  private ServerClassArchive() {}

  /**
   * The JVM options that start a server from the archive, writing the archive first where it is missing or older
   * than the server's jars or the JDK; none where no archive applies.
   */
  static synchronized List<String> jvmOptions(Path serverJar, List<String> startOptions) {
    String configured = System.getProperty(PROPERTY, "");
    if (configured.isBlank() || unavailable || bringsItsOwn(startOptions)) {
      return List.of();
    }
    Path archive = Path.of(configured).toAbsolutePath().normalize();
    try {
      if (!current(archive, serverJar)) {
        write(archive, serverJar);
      }
    } catch (IOException e) {
      unavailable = true;
      System.err.println("*** basalt test servers start without a class archive: " + e.getMessage());
      return List.of();
    }
    List<String> options = new ArrayList<>();
    options.add("-XX:SharedArchiveFile=" + archive);
    options.addAll(SHARING);
    return options;
  }

  private static boolean bringsItsOwn(List<String> startOptions) {
    return startOptions.stream().anyMatch(option -> option.startsWith("-XX:SharedArchiveFile")
        || option.startsWith("-XX:ArchiveClassesAtExit") || option.startsWith("-Xshare"));
  }

  /** Whether the archive exists and is newer than the server jar, every jar of its lib/ and the JDK's modules. */
  private static boolean current(Path archive, Path serverJar) throws IOException {
    if (!Files.isRegularFile(archive)) {
      return false;
    }
    FileTime written = Files.getLastModifiedTime(archive);
    if (newer(serverJar, written) || newer(Path.of(System.getProperty("java.home"), "lib", "modules"), written)) {
      return false;
    }
    Path lib = serverJar.resolveSibling("lib");
    if (Files.isDirectory(lib)) {
      try (DirectoryStream<Path> jars = Files.newDirectoryStream(lib, "*.jar")) {
        for (Path jar : jars) {
          if (newer(jar, written)) {
            return false;
          }
        }
      }
    }
    return true;
  }

  private static boolean newer(Path file, FileTime than) throws IOException {
    return Files.exists(file) && Files.getLastModifiedTime(file).compareTo(than) > 0;
  }

  /** Runs a server to its ready line and stops it, under the lock, unless another JVM wrote the archive meanwhile. */
  private static void write(Path archive, Path serverJar) throws IOException {
    Path lockFile = archive.resolveSibling(archive.getFileName() + ".lock");
    try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        FileLock lock = channel.lock()) {
      if (current(archive, serverJar)) {
        return;
      }
      Path work = Files.createTempDirectory("basalt-class-archive-");
      // Beside the archive, so that moving it into place is one rename on one file system.
      Path written = archive.resolveSibling(archive.getFileName() + ".writing");
      Files.deleteIfExists(written);
      try {
        BasaltProcess server = BasaltProcess.startWithJvmOptions(List.of("-XX:ArchiveClassesAtExit=" + written),
            Files.createDirectories(work.resolve("data")), "class-archive");
        int status = server.stop();
        if (!Files.isRegularFile(written) || Files.size(written) == 0) {
          throw new IOException("the server run to write " + archive + " (exit status " + status + ") left no"
              + " archive; see " + server.log());
        }
        Files.move(written, archive, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      } finally {
        Files.deleteIfExists(written);
        BasaltServerExtension.deleteRecursively(work);
      }
    }
  }
}
