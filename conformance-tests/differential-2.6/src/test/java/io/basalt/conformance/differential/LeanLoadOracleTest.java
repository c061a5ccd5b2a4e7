package io.basalt.conformance.differential;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.benchmarks.load.drive.LoadResult;
import io.basalt.benchmarks.load.drive.LoadRun;
import io.basalt.benchmarks.load.requests.Operation;
import io.basalt.benchmarks.load.table.LoadTable;
import io.basalt.benchmarks.load.table.RegionPlace;
import java.time.Duration;
import java.util.List;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledIfSystemProperty;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The benchmarks' lean load generator (bin/benchmark's capacity suite) against real HBase 2.6.4 and Basalt: the same
 * request stream of every operation, each answer decoded as a stock client decodes it and compared with the rows
 * loaded, must come out right on both, in a closed loop with calls in flight and at a fixed rate. This is what
 * makes its comparison of the two servers a comparison of the same work. (Checked by hand on a 3-node cluster
 * too, where its connections go to each region's leader: all answers right.)
 */
@DisabledIfSystemProperty(named = "basalt.conformance.cluster", matches = ".+",
    disabledReason = NotInClusterYet.BENCHMARK_TOOL)
class LeanLoadOracleTest {
  private static final int ROWS = 2_000;
  private static final int REGIONS = 2;
  private static final long SEED = 20_261_129L;

  @RegisterExtension
  static final BasaltAndHBase SERVERS = BasaltAndHBase.shared();

  @Test
  void everyOperationOfTheStreamIsAnsweredRightByBothServers() throws Exception {
    for (Connection server : List.of(SERVERS.hbase(), SERVERS.basalt())) {
      String name = server == SERVERS.hbase() ? "HBase" : "Basalt";
      LoadTable table = new LoadTable(SERVERS.newTable("lean"), ROWS, REGIONS);
      table.createAndLoad(server);
      List<RegionPlace> regions = table.places(server);
      assertEquals(REGIONS, regions.size(), name + "'s regions");
      for (Operation operation : Operation.values()) {
        LoadResult closed = LoadRun.run(new LoadRun.Shape(operation, 2, 4, 0, Duration.ZERO, Duration.ofMillis(300),
            true, "lean"), regions, List.of(), SEED);
        assertRight(name, closed);
      }
      LoadResult paced = LoadRun.run(new LoadRun.Shape(Operation.GET, 2, 0, 400, Duration.ZERO,
          Duration.ofSeconds(1), true, "lean"), regions, List.of(), SEED);
      assertRight(name, paced);
      assertFalse(paced.overloaded(), name + " at 400 gets a second: " + paced.line());
      // A fixed rate sends what it is asked to: a call due every 5 ms on each of two connections for a second.
      assertEquals(400, paced.calls(), name + " at 400 gets a second: " + paced.line());
    }
  }

  private static void assertRight(String server, LoadResult result) {
    System.out.println(server + ": " + result.line());
    assertTrue(result.calls() > 0, server + ": " + result.line());
    assertEquals(0, result.failed(), server + ": " + result.line());
    assertEquals(0, result.wrong(), server + ": " + result.line());
  }
}
