package io.basalt.server.gateways;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.server.config.BasaltConfig;
import io.basalt.server.config.Settings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The gateways' JVM as Basalt runs it, with a stand-in launcher (io.basalt.gateways.GatewayMain of these tests) in
 * place of HBase's servers: its ready line read, its failure told in one line with the option to change, its exit
 * unasked for logged, and closing its standard input stopping it.
 */
class GatewayProcessTest {
  private static final Duration TIMEOUT = Duration.ofSeconds(60);
  private static final Logger LOG = Logger.getLogger(GatewayProcess.class.getName());

  @TempDir
  Path dir;
  private String classpathBefore;
  private final List<LogRecord> errors = new CopyOnWriteArrayList<>();
  private final Handler errorLog = new Handler() {
    @Override
    public void publish(LogRecord record) {
      if (record.getLevel().intValue() >= Level.SEVERE.intValue()) {
        errors.add(record);
      }
    }

    @Override
    public void flush() {}

    @Override
    public void close() {}
  };

  @BeforeEach
  void standIn() throws Exception {
    classpathBefore = System.getProperty(GatewayLaunch.CLASSPATH_PROPERTY);
    System.setProperty(GatewayLaunch.CLASSPATH_PROPERTY,
        Path.of(io.basalt.gateways.GatewayMain.class.getProtectionDomain().getCodeSource().getLocation().toURI())
            .toString());
    LOG.addHandler(errorLog);
  }

  @AfterEach
  void restore() {
    LOG.removeHandler(errorLog);
    if (classpathBefore == null) {
      System.clearProperty(GatewayLaunch.CLASSPATH_PROPERTY);
    } else {
      System.setProperty(GatewayLaunch.CLASSPATH_PROPERTY, classpathBefore);
    }
  }

  @Test
  void theReadyLineGivesThePortsAndClosingStandardInputStopsThem() throws Exception {
    Path stopped = dir.resolve("stopped");
    GatewayProcess gateways = GatewayProcess.start(launch("serve", stopped), "zk:2181", TIMEOUT);
    assertEquals(Map.of("rest", 18080), gateways.ports());
    assertEquals("rest=basalt-host:18080", gateways.readyFields("basalt-host"));
    assertFalse(Files.exists(stopped));
    gateways.close();
    assertEquals("stopped", Files.readString(stopped), "the gateways saw the end of their standard input");
    assertEquals(List.of(), errors, "a stop Basalt asked for is no error");
  }

  @Test
  void aTakenPortIsOneLineNamingTheOptionToChange() {
    GatewayStartException failed = assertThrows(GatewayStartException.class,
        () -> GatewayProcess.start(launch("port-taken", dir.resolve("unused")), "zk:2181", TIMEOUT));
    assertEquals("the REST gateway cannot start on port 18080: Failed to bind to /0.0.0.0:18080: Address already in "
        + "use (another process holds the port); choose another with --rest-port or hbase.rest.port",
        failed.getMessage());
  }

  @Test
  void anExitBasaltDidNotAskForIsLoggedAsAnError() throws Exception {
    GatewayProcess gateways = GatewayProcess.start(launch("die", dir.resolve("unused")), "zk:2181", TIMEOUT);
    long deadline = System.nanoTime() + TIMEOUT.toNanos();
    while (errors.isEmpty() && System.nanoTime() < deadline) {
      TimeUnit.MILLISECONDS.sleep(20);
    }
    assertEquals(1, errors.size(), "one error logged");
    assertTrue(errors.get(0).getMessage().startsWith("The gateways' JVM exited with status 3: "),
        errors.get(0).getMessage());
    gateways.close();
  }

  private static GatewayLaunch launch(String behaviour, Path stopped) throws Exception {
    return GatewayLaunch.of(BasaltConfig.of(Map.of(Settings.REST_PORT.key(), "18080",
        "hbase.rest.test.behaviour", behaviour, "hbase.rest.test.stopped", stopped.toString()))).orElseThrow();
  }
}
