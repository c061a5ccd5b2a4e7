package io.basalt.benchmarks.load.drive;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** Thread pools of a run's connections: daemons, so a run that fails does not keep the generator's JVM alive. */
final class DaemonThreads {
  private DaemonThreads() {}

  static ExecutorService pool(int threads, String name) {
    return Executors.newFixedThreadPool(threads, runnable -> {
      Thread thread = new Thread(runnable, name);
      thread.setDaemon(true);
      return thread;
    });
  }
}
