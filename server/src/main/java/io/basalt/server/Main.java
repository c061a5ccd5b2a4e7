package io.basalt.server;

import io.basalt.server.config.BasaltConfig;
import io.basalt.server.config.CommandLine;
import io.basalt.server.config.ConfigException;
import io.basalt.server.config.Settings;
import io.basalt.server.gateways.GatewayLaunch;
import io.basalt.server.gateways.GatewayProcess;
import io.basalt.server.logging.ServerLogging;
import io.basalt.server.logging.StandardOutputLog;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;

/**
 * {@code basalt [start] [options]}: runs Basalt in the foreground. Prints exactly one line on standard output,
 * {@code Basalt ready: ...}, once clients can connect (logs go to standard error). SIGTERM or Ctrl-C stops it
 * cleanly with exit status 0; a startup problem is one line on standard error and exit status 1; a stop that could
 * not flush or close the store exits with status 3; a cluster member that stopped itself because one of its replicas
 * could not go on (its disk full, say) exits with status 4.
 */
public final class Main {
  private static final int EXIT_STARTUP_FAILED = 1;
  private static final int EXIT_USAGE = 2;
  private static final int EXIT_STORE_NOT_CLOSED = 3;
  private static final int EXIT_REPLICA_FAILED = 4;

  private Main() {}

  public static void main(String[] args) throws InterruptedException {
    CommonPool.sizeBeforeUse();
    ServerLogging.install();
    CommonPool.warnIfTooSmall();
    BasaltConfig config;
    Path pidPath;
    GatewayLaunch gatewayLaunch;
    try {
      CommandLine commandLine = CommandLine.parse(args);
      if (commandLine.helpRequested()) {
        System.out.println(CommandLine.USAGE);
        return;
      }
      config = commandLine.config();
      pidPath = commandLine.pidFile();
      // Looked at only when asked for: a start without them loads no class of theirs.
      gatewayLaunch = gatewaysAsked(config) ? GatewayLaunch.of(config).orElseThrow() : null;
      if (commandLine.localClusterSize() > 0) {
        // The pid file names this process, which stops every node when told to stop (bin/basalt stop).
        PidFile localPidFile = pidPath == null ? null : PidFile.write(pidPath);
        Runnable removePidFile = () -> {
          if (localPidFile != null) {
            localPidFile.removeIfOurs();
          }
        };
        int status = LocalCluster.run(commandLine.localClusterSize(), commandLine.nodeArgs(), config,
            removePidFile);
        removePidFile.run();
        exit(status);
        return;
      }
    } catch (IOException e) {
      System.err.println("basalt: error: cannot start the local cluster: " + e.getMessage());
      exit(EXIT_STARTUP_FAILED);
      return;
    } catch (ConfigException e) {
      System.err.println("basalt: " + e.getMessage());
      System.err.println("Try 'basalt --help'.");
      exit(EXIT_USAGE);
      return;
    }
    PrintStream readyLineOut = StandardOutputLog.claim();
    BasaltServer server;
    try {
      server = BasaltServer.start(config);
    } catch (StartupException e) {
      System.err.println("basalt: error: " + e.getMessage());
      exit(EXIT_STARTUP_FAILED);
      return;
    }
    PidFile pidFile = null;
    if (pidPath != null) {
      try {
        pidFile = PidFile.write(pidPath);
      } catch (IOException e) {
        System.err.println("basalt: error: cannot write the pid file " + pidPath + ": " + e);
        server.stop();
        exit(EXIT_STARTUP_FAILED);
        return;
      }
    }
    GatewayProcess gateways;
    try {
      gateways = gatewayLaunch == null ? null : ServerGateways.start(gatewayLaunch, server);
    } catch (StartupException e) {
      System.err.println("basalt: error: " + e.getMessage());
      server.stop();
      if (pidFile != null) {
        pidFile.removeIfOurs();
      }
      exit(EXIT_STARTUP_FAILED);
      return;
    }
    PidFile ownPidFile = pidFile;
    // (A lambda capturing the gateways would load their class on every start; this is made only with them.)
    Runnable stopGateways = gateways == null ? () -> { } : gateways::close;
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      // The gateways are Basalt's clients: they stop first, while Basalt still answers their last calls.
      stopGateways.run();
      server.stop();
      if (ownPidFile != null) {
        ownPidFile.removeIfOurs();
      }
      // A signal-initiated shutdown that completed cleanly is a successful exit, not 128+signal. One that left
      // acknowledged writes only in the log (the flush or close failed) is not: supervisors and scripts must see it.
      ServerLogging.close();
      Runtime.getRuntime().halt(exitStatus(server));
    }, "basalt-shutdown"));
    readyLineOut.println(gateways == null ? server.readyLine()
        : server.readyLine() + " " + gateways.readyFields(server.identity().serverName().getHostname()));
    readyLineOut.flush();
    server.awaitStopped();
    if (server.failure() != null) {
      // It stopped itself: nothing else ends the process (the shutdown hook then exits with the same status).
      exit(EXIT_REPLICA_FAILED);
    }
  }

  /** Whether the configuration gives HBase's REST or Thrift2 gateway a port (-1, the default, runs none). */
  private static boolean gatewaysAsked(BasaltConfig config) throws ConfigException {
    return config.port(Settings.REST_PORT) != -1 || config.port(Settings.THRIFT_PORT) != -1;
  }

  private static int exitStatus(BasaltServer server) {
    if (server.failure() != null) {
      return EXIT_REPLICA_FAILED;
    }
    return server.stoppedCleanly() ? 0 : EXIT_STORE_NOT_CLOSED;
  }

  private static void exit(int status) {
    ServerLogging.close();
    System.exit(status);
  }
}
