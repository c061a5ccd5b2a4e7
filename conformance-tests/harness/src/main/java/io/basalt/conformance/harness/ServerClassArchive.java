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
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The class data sharing archives the tests' server processes start from, as {@code bin/basalt start} gives one to
 * every start after the first: the JVM maps the server's classes, already parsed and verified, instead of loading
 * them from the jars. The build starts many (the cluster module alone 35 cluster nodes). There are two, one for a
 * single node and one for a node of a cluster, because a cluster node loads a third more classes (Ratis, gRPC, the
 * ZooKeeper quorum) and an archive holds what the run that wrote it loaded. Measured on the 2-core development
 * machine, CPU to the ready line: a single node 2.6-2.9 s from the jars, 1.8-2.0 s from its archive (and no less
 * from the cluster's larger one); each node of a three-node cluster started at once 4.2-5.3 s from the single
 * node's archive and 3.0-3.9 s from the cluster's, all three ready after 5.7-6.8 s instead of 7.9-8.5 s.
 *
 * <p>Each is written once per build of the server jar, the first time a test JVM needs it: a server (for the
 * cluster archive, the first node of a three-node cluster) is started with {@code -XX:ArchiveClassesAtExit},
 * stopped once ready, and the archive it leaves moved into place, under a file lock that the test JVMs of modules
 * running at once share. The directory is named by the system property {@code basalt.server.classArchives} (the
 * conformance and tools modules set it; the benchmark runner, which times starts with and without its own archive,
 * does not). Without it, or when a start brings its own archive options, or when an archive cannot be written (a
 * warning says why), servers start as they would without.
 */
final class ServerClassArchive {
  static final String PROPERTY = "basalt.server.classArchives";
  private static final List<String> SHARING = List.of("-Xshare:auto", "-Xlog:cds=off", "-Xlog:cds+dynamic=off");

  /** Which archive a server starts from. */
  private enum Kind {
    SINGLE_NODE("single-node.jsa"),
    CLUSTER_NODE("cluster-node.jsa");

    final String fileName;

    Kind(String fileName) {
      this.fileName = fileName;
    }
  }

  /** The kinds this JVM found it could not write: no second try. */
  private static final Set<Kind> UNAVAILABLE = EnumSet.noneOf(Kind.class);

  private ServerClassArchive() {}

  /**
   * The JVM options that start a server with {@code serverArgs} from its archive, writing the archive first where
   * it is missing or older than the server's jars or the JDK; none where no archive applies.
   */
  static List<String> jvmOptions(Path serverJar, List<String> startOptions, List<String> serverArgs) {
    String configured = System.getProperty(PROPERTY, "");
    // Checked before taking the lock: the nodes of the cluster that writes the cluster archive bring their own.
    if (configured.isBlank() || bringsItsOwn(startOptions)) {
      return List.of();
    }
    Kind kind = serverArgs.contains("--members") ? Kind.CLUSTER_NODE : Kind.SINGLE_NODE;
    Path archive = Path.of(configured).toAbsolutePath().normalize().resolve(kind.fileName);
    if (!available(kind, archive, serverJar)) {
      return List.of();
    }
    List<String> options = new ArrayList<>();
    options.add("-XX:SharedArchiveFile=" + archive);
    options.addAll(SHARING);
    return options;
  }

  private static synchronized boolean available(Kind kind, Path archive, Path serverJar) {
    if (UNAVAILABLE.contains(kind)) {
      return false;
    }
    try {
      if (!current(archive, serverJar)) {
        write(kind, archive, serverJar);
      }
      return true;
    } catch (IOException e) {
      UNAVAILABLE.add(kind);
      System.err.println("*** basalt test servers start without a class archive: " + e.getMessage());
      return false;
    }
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
  private static void write(Kind kind, Path archive, Path serverJar) throws IOException {
    Files.createDirectories(archive.getParent());
    Path lockFile = archive.resolveSibling("archives.lock");
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
        String dump = "-XX:ArchiveClassesAtExit=" + written;
        Run stopped = kind == Kind.SINGLE_NODE
            ? runSingleNode(work, dump)
            : runClusterNode(work, dump);
        if (!Files.isRegularFile(written) || Files.size(written) == 0) {
          throw new IOException("the server run to write " + archive + " (exit status " + stopped.status()
              + ") left no archive; see " + stopped.log());
        }
        Files.move(written, archive, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      } finally {
        Files.deleteIfExists(written);
        BasaltServerExtension.deleteRecursively(work);
      }
    }
  }

  /** How the server run that wrote an archive ended. */
  private record Run(int status, Path log) {}

  private static Run runSingleNode(Path work, String dump) throws IOException {
    BasaltProcess server = BasaltProcess.startWithJvmOptions(List.of(dump),
        Files.createDirectories(work.resolve("data")), "class-archive");
    return new Run(server.stop(), server.log());
  }

  /**
   * The first node of a three-node cluster writes the archive; the other two start from the jars ({@code
   * -Xshare:auto} is the JVM's default, and keeps {@link #jvmOptions} from giving them an archive).
   */
  private static Run runClusterNode(Path work, String dump) throws IOException {
    try (BasaltCluster cluster = BasaltCluster.startWithNodeJvmOptions(work, 3, "class-archive-cluster",
        node -> node == 1 ? List.of(dump) : List.of("-Xshare:auto"))) {
      BasaltProcess first = cluster.node(1);
      return new Run(first.stop(), first.log());
    }
  }
}
