package io.basalt.conformance.harness;

import java.io.IOException;
import java.util.Arrays;
import java.util.Optional;

/** The threads of another JVM on this machine, read with the JDK's {@code jcmd Thread.print}. */
public final class JvmThreads {
  private JvmThreads() {}

  /**
   * The name of a thread of JVM {@code pid} whose stack, right now, has a frame containing {@code frame}; empty if
   * none has. A test uses it to see that a call it made is running in a server, which no answer can show while the
   * call is still running.
   */
  public static Optional<String> running(long pid, String frame) throws IOException {
    // Thread.print separates the threads' entries with blank lines; each starts with the thread's quoted name.
    return Arrays.stream(JvmHeap.jcmd(pid, "Thread.print").split("\\R\\s*\\R"))
        .map(String::strip)
        .filter(entry -> entry.startsWith("\"") && entry.contains(frame))
        .map(entry -> entry.substring(1, entry.indexOf('"', 1)))
        .findFirst();
  }
}
