package io.basalt.conformance;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A small file system for one Basalt process: a tmpfs of a fixed size mounted over its store directory in a
 * private mount namespace ({@code unshare}, which needs no privileges where user namespaces are enabled), with a
 * ballast file taking part of it. The test frees space by deleting the ballast through {@code /proc/PID/root}. The
 * mount disappears with the process.
 */
final class SmallVolume {
  private static final String BALLAST = "ballast";

  private final Path mountPoint;
  private final long sizeBytes;
  private final int ballastMegabytes;

  SmallVolume(Path mountPoint, long sizeBytes, int ballastMegabytes) {
    this.mountPoint = mountPoint.toAbsolutePath();
    this.sizeBytes = sizeBytes;
    this.ballastMegabytes = ballastMegabytes;
  }

  /** Whether this machine lets a process mount a tmpfs in a namespace of its own; the reason if not. */
  static String unavailableReason() {
    try {
      Path probe = Files.createTempDirectory("basalt-volume-probe-");
      try {
        Process process = new ProcessBuilder("unshare", "--user", "--map-root-user", "--mount", "sh", "-c",
            "mount -t tmpfs -o size=1m tmpfs \"$0\"", probe.toString()).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes());
        if (!process.waitFor(30, TimeUnit.SECONDS) || process.exitValue() != 0) {
          return "cannot mount a tmpfs in a user and mount namespace here: " + output.trim();
        }
        return null;
      } finally {
        Files.deleteIfExists(probe);
      }
    } catch (IOException e) {
      return "cannot run unshare: " + e.getMessage();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "interrupted";
    }
  }

  /** The launcher that mounts the volume, fills the ballast and then runs the command that follows it. */
  List<String> launcher() throws IOException {
    Files.createDirectories(mountPoint);
    return List.of("unshare", "--user", "--map-root-user", "--mount", "sh", "-c",
        "mount -t tmpfs -o size=" + sizeBytes + " tmpfs \"$0\" && dd if=/dev/zero of=\"$0/" + BALLAST
            + "\" bs=1048576 count=" + ballastMegabytes + " 2>/dev/null && exec \"$@\"",
        mountPoint.toString());
  }

  /** Frees the ballast's space, as an operator clearing the disk would, seen through the process's root. */
  void freeBallast(long pid) throws IOException {
    Path ballast = Path.of("/proc", Long.toString(pid), "root").resolve(mountPoint.toString().substring(1))
        .resolve(BALLAST);
    Files.delete(ballast);
  }
}
