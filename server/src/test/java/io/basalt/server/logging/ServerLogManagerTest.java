package io.basalt.server.logging;

import static org.junit.jupiter.api.Assertions.assertFalse;

import org.junit.jupiter.api.Test;

/**
 * Only the JDK's own shutdown hook has its reset ignored. That the hook's reset no longer loses what the stop logs is
 * shown on a real process by MainProcessTest, whose last log line must be "Basalt stopped".
 */
class ServerLogManagerTest {
  @Test
  void ordinaryThreadsAreNotTakenForTheJdksShutdownHook() {
    assertFalse(ServerLogManager.isJdkShutdownHook(Thread.currentThread()));
    assertFalse(ServerLogManager.isJdkShutdownHook(new Thread(() -> { }, "LogManager$Cleaner")));
    assertFalse(ServerLogManager.isJdkShutdownHook(new Thread(() -> { }) { }));
  }
}
