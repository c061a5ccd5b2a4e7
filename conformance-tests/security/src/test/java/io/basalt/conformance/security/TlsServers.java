package io.basalt.conformance.security;

import io.basalt.conformance.harness.BasaltProcess;
import io.basalt.conformance.harness.SiteFileWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/** Starts Basalt with a site file of properties, as an operator turning TLS or Kerberos on would. */
final class TlsServers {
  private TlsServers() {}

  private static final long LOG_WAIT_MILLIS = 10_000;

  static BasaltProcess start(Path dir, String name, Map<String, String> properties) throws IOException {
    return start(dir, name, properties, List.of());
  }

  /** As {@link #start(Path, String, Map)}, with these options for the server's JVM (its Kerberos settings). */
  static BasaltProcess start(Path dir, String name, Map<String, String> properties, List<String> jvmOptions)
      throws IOException {
    return startOn(dir.resolve(name + "-data"), dir, name, properties, jvmOptions);
  }

  /** As {@link #start(Path, String, Map, List)}, on the data of a server stopped before (a restart). */
  static BasaltProcess startOn(Path data, Path dir, String name, Map<String, String> properties,
      List<String> jvmOptions) throws IOException {
    Files.createDirectories(dir);
    Path site = SiteFileWriter.write(dir.resolve(name + "-site.xml"), properties);
    return BasaltProcess.startWithJvmOptions(jvmOptions, data, name, "--config", site.toString());
  }

  /** Waits (a bounded while) for the server to log a line containing {@code text}, and fails if it does not. */
  static String awaitLogLine(BasaltProcess basalt, String text) throws IOException {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(LOG_WAIT_MILLIS);
    while (true) {
      for (String line : basalt.logLines()) {
        if (line.contains(text)) {
          return line;
        }
      }
      if (System.nanoTime() > deadline) {
        throw new AssertionError("Basalt logged no line containing '" + text + "' in " + LOG_WAIT_MILLIS
            + " ms; see " + basalt.log());
      }
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
    }
  }
}
