package io.basalt.conformance.harness;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The servers a test JVM started, ended with it. A test's own cleanup stops them, but a test JVM ended from outside
 * (Maven interrupted, surefire's fork stopped, a SIGTERM) skips that: its three cluster nodes stayed up, holding
 * ports, memory and CPU, until killed by hand.
 */
final class ChildProcesses {
  private static final Set<Process> RUNNING = ConcurrentHashMap.newKeySet();

  static {
    Runtime.getRuntime().addShutdownHook(new Thread(() -> RUNNING.forEach(Process::destroyForcibly),
        "end-child-processes"));
  }

  private ChildProcesses() {}

  /** Ends {@code process} when this JVM ends, unless it has exited before. */
  static Process endWithThisJvm(Process process) {
    RUNNING.add(process);
    process.onExit().thenRun(() -> RUNNING.remove(process));
    return process;
  }
}
