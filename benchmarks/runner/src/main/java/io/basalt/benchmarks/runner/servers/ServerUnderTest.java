package io.basalt.benchmarks.runner.servers;

import java.io.IOException;
import java.time.Duration;
import java.util.List;

/** A running server the benchmark clients are pointed at: Basalt or real HBase. */
public interface ServerUnderTest extends AutoCloseable {
  /** How reports name it. */
  String name();

  /** The process id of the server JVM. */
  long pid();

  /** Where clients find it: the ZooKeeper quorum host and client port. */
  String zookeeperHost();

  int zookeeperPort();

  /** From process launch to the first put a stock client saw acknowledged. */
  Duration launchToFirstPut();

  /** Where the server writes its log. */
  String log();

  /** What this server logged, since its launch: the log file may hold earlier runs too. */
  List<String> logLines() throws IOException;

  @Override
  void close() throws IOException;
}
