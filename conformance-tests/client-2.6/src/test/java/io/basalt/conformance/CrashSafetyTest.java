package io.basalt.conformance;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.BasaltProcess;
import io.basalt.conformance.harness.BasaltServerExtension;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Basalt is killed with SIGKILL at random moments while stock clients write at full speed with the default
 * durability, and restarted on the same data directory each time; after every restart what the scenario
 * acknowledged must be there, whole, and the table's regions must still tile its key space. Two scenarios, each
 * with its own kills: one-family writers ({@link SingleFamilyCrashLoad}), and two-family rows with increments while
 * regions split and merge ({@link MultiFamilyCrashLoad}).
 * {@code -Dbasalt.crash.rounds=N} sets the kills per scenario (default 5); {@code -Dbasalt.crash.seed=S} replays
 * the printed seed's kill times (the clients' own timing still varies).
 */
class CrashSafetyTest {
  private Path dataDir;

  @BeforeEach
  void createDataDir() throws IOException {
    dataDir = Files.createTempDirectory("basalt-crash-");
  }

  @AfterEach
  void removeDataDir() throws IOException {
    BasaltServerExtension.deleteRecursively(dataDir);
  }

  @Test
  void oneFamilyWritesWithTheDefaultDurabilitySurviveKills() throws Exception {
    SingleFamilyCrashLoad load = new SingleFamilyCrashLoad();
    int kills = surviveKills("one-family", load, "f");
    assertTrue(load.rowsAcknowledged() > kills * 10, "the writers got writes acknowledged: "
        + load.rowsAcknowledged());
  }

  @Test
  void twoFamilyRowsIncrementsSplitsAndMergesSurviveKills() throws Exception {
    MultiFamilyCrashLoad load = new MultiFamilyCrashLoad();
    int kills = surviveKills("two-family", load, "f", "g");
    assertTrue(load.rowsAcknowledged() > kills * 10, "the writers got writes acknowledged: "
        + load.rowsAcknowledged());
    assertTrue(load.incrementsVerified() > kills, "increments were acknowledged: " + load.incrementsVerified());
  }

  /** Runs the scenario through the kills, verifying after each restart; returns the number of kills. */
  private int surviveKills(String name, CrashScenario scenario, String... families) throws Exception {
    int kills = Integer.getInteger("basalt.crash.rounds", 5);
    long seed = Long.getLong("basalt.crash.seed", System.nanoTime());
    System.out.printf("CrashSafetyTest %s: %d kills, seed %d (-Dbasalt.crash.seed=%d replays the kill times)%n",
        name, kills, seed, seed);
    Random random = new Random(seed);
    long start = System.nanoTime();
    for (int round = 0; round <= kills; round++) {
      try (BasaltProcess basalt = BasaltProcess.start(dataDir, "CrashSafetyTest-" + name + "-" + round);
          Connection connection = ConnectionFactory.createConnection(impatient(basalt));
          Admin admin = connection.getAdmin()) {
        if (round == 0) {
          scenario.create(admin);
        } else {
          CrashScenario.assertTabletsIntact(admin, scenario.table(), round, families);
          scenario.verify(connection, round);
        }
        if (round == kills) {
          break;
        }
        AtomicBoolean stop = new AtomicBoolean();
        List<Thread> threads = scenario.load(connection, admin, round, stop).stream().map(Thread::new).toList();
        int acknowledgedBefore = scenario.rowsAcknowledged();
        threads.forEach(Thread::start);
        awaitAcknowledged(scenario, acknowledgedBefore + 10, threads);
        // Not synchronization: the moment of the kill within the load is what is tested, random and replayable.
        Thread.sleep(random.nextInt(1_200));
        basalt.kill();
        stop.set(true);
        for (Thread thread : threads) {
          thread.join();
        }
      }
    }
    System.out.printf("CrashSafetyTest %s: %d kills survived (seed %d), %s; %d s%n", name, kills, seed,
        scenario.summary(), (System.nanoTime() - start) / 1_000_000_000);
    return kills;
  }

  /** Returns once the load has {@code rows} rows acknowledged: the kill must come while it is under way. */
  private static void awaitAcknowledged(CrashScenario scenario, int rows, List<Thread> load)
      throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (scenario.rowsAcknowledged() < rows) {
      assertTrue(load.stream().anyMatch(Thread::isAlive), "the load stopped before acknowledging anything");
      assertTrue(System.nanoTime() < deadline, "the load acknowledged " + scenario.rowsAcknowledged() + " rows, "
          + "fewer than " + rows + ", within 60 s");
      Thread.sleep(20); // the poll's interval
    }
  }

  /**
   * Gives up fast once the server is gone, so writers notice the kill. The RPC registry, because a client of the
   * ZooKeeper registry would first spend many seconds retrying the dead embedded ZooKeeper.
   */
  private static Configuration impatient(BasaltProcess basalt) {
    Configuration conf = Clients.rpcRegistryConfiguration(basalt);
    conf.setInt("hbase.client.retries.number", 2);
    conf.setLong("hbase.client.pause", 50);
    conf.setInt("hbase.rpc.timeout", 5_000);
    conf.setInt("hbase.client.operation.timeout", 10_000);
    conf.setInt("hbase.client.meta.operation.timeout", 10_000);
    return conf;
  }
}
