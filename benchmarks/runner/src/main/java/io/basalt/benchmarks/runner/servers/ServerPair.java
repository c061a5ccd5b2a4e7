package io.basalt.benchmarks.runner.servers;

import io.basalt.benchmarks.runner.Progress;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Basalt and real HBase launched once, as the default run launches them (Basalt from its rehearsed class archive),
 * for the runs that compare the two on servers that run throughout (bulk load, capacity).
 *
 * @param basalt Basalt, its data under the run's work directory
 * @param hbase HBase 2.6.4 standalone
 */
public record ServerPair(ServerUnderTest basalt, HBaseUnderTest hbase) {
  /**
   * Rehearses Basalt's start, launches Basalt then HBase through {@code launcher}, their logs named after
   * {@code run}, and adds each to {@code running} as soon as it runs, so that the caller stops whatever started.
   */
  public static ServerPair start(String run, Path work, Path classArchive, List<String> launcher,
      List<ServerUnderTest> running) throws IOException, InterruptedException {
    Progress.say("Rehearsing Basalt's start (class archive, warm client)");
    BasaltUnderTest.rehearse(work.resolve("rehearsal"), classArchive);
    ServerUnderTest basalt = started(running, BasaltUnderTest.start("Basalt", work.resolve("basalt"),
        classArchive, "benchmark-" + run + "-basalt", launcher, Map.of(), Map.of()));
    HBaseUnderTest hbase = HBaseUnderTest.start("HBase", "benchmark-" + run + "-hbase", launcher, Map.of(),
        Map.of());
    started(running, hbase);
    return new ServerPair(basalt, hbase);
  }

  private static ServerUnderTest started(List<ServerUnderTest> running, ServerUnderTest server) {
    running.add(server);
    Progress.say("%s took %d ms from launch to first put; log %s", server.name(),
        server.launchToFirstPut().toMillis(), server.log());
    return server;
  }
}
