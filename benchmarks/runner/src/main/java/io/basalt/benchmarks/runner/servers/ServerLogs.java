package io.basalt.benchmarks.runner.servers;

import io.basalt.benchmarks.runner.Progress;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Keeps what a server logged during a run beside the clients' logs, as {@code server-<name>.log}, where a report
 * points: the servers' own log files are shared by name between runs and live elsewhere.
 */
public final class ServerLogs {
  private ServerLogs() {}

  /** Keeps each server's log and stops it; a server that fails to stop is said, and does not keep the rest. */
  public static void keepAndStop(List<ServerUnderTest> servers, Path logs) {
    for (ServerUnderTest server : servers) {
      keep(server, logs);
      try {
        server.close();
      } catch (Exception e) {
        Progress.say("Could not stop %s: %s", server.name(), e.getMessage());
      }
    }
  }

  /** Copies the server's lines since its launch; a copy that fails is said, not thrown, so the run goes on. */
  public static void keep(ServerUnderTest server, Path logs) {
    Path copy = logs.resolve("server-" + server.fileName() + ".log");
    try {
      Files.write(copy, server.logLines());
    } catch (IOException e) {
      Progress.say("Could not copy %s's log %s to %s: %s", server.name(), server.log(), copy, e.getMessage());
    }
  }
}
