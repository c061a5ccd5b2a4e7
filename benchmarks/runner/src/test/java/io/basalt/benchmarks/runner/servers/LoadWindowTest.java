package io.basalt.benchmarks.runner.servers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class LoadWindowTest {
  /** This test's own JVM stands in for both servers: it is a process with threads that spend CPU. */
  private static ServerUnderTest thisJvmAs(String name) {
    return new ServerUnderTest() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public long pid() {
        return ProcessHandle.current().pid();
      }

      @Override
      public String zookeeperHost() {
        return "localhost";
      }

      @Override
      public int zookeeperPort() {
        return 0;
      }

      @Override
      public Duration launchToFirstPut() {
        return Duration.ZERO;
      }

      @Override
      public String log() {
        return "";
      }

      @Override
      public List<String> logLines() {
        return List.of();
      }

      @Override
      public void close() {}
    };
  }

  @Test
  void reportsWhatTheIdleServersSpentMeanwhile() {
    ServerUnderTest loaded = thisJvmAs("Loaded");
    ServerUnderTest idle = thisJvmAs("Idle");
    LoadWindow window = LoadWindow.open(loaded, List.of(loaded, idle));
    spin(Duration.ofMillis(200));
    window.close();

    List<String> lines = window.cpuByThreadLines();
    String own = lines.get(0);
    assertTrue(own.startsWith("server CPU by thread: ") && own.contains(" s in all: "), own);
    String others = lines.get(1).substring("other servers' CPU meanwhile: ".length());
    assertTrue(others.startsWith("Idle: ") && others.contains(" s in all: "), others);
    assertFalse(others.contains("Loaded"), others);
    assertTrue(window.serverCpuMicros() > 0);
  }

  @Test
  void withoutOtherServersSaysSo() {
    ServerUnderTest only = thisJvmAs("Only");
    LoadWindow window = LoadWindow.open(only, List.of(only));
    window.close();

    assertEquals("other servers' CPU meanwhile: none", window.cpuByThreadLines().get(1));
  }

  private static void spin(Duration duration) {
    long until = System.nanoTime() + duration.toNanos();
    long spins = 0;
    while (System.nanoTime() - until < 0) {
      spins++;
    }
    assertTrue(spins > 0);
  }
}
