package io.basalt.conformance.gateways;

import io.basalt.conformance.harness.FreePorts;
import io.basalt.conformance.harness.HBaseOracleProcess;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Real HBase 2.6.4, the oracle, with the gateways Basalt ships in front of it. Both are launched at once (the
 * gateways need HBase only for their first request) and awaited the first time a test asks for them: HBase serves
 * when a table created through the REST gateway takes a row, the path the tests then take.
 */
final class HBaseWithGateways implements AutoCloseable {
  private static final long SERVE_SECONDS = 180;
  private static final String PROBE_TABLE = "gateways_readiness_probe";

  private final HBaseOracleProcess hbase;
  private final CompletableFuture<GatewayLauncher> launcher;
  private final Gateways gateways;
  private boolean serving;

  private HBaseWithGateways(HBaseOracleProcess hbase, CompletableFuture<GatewayLauncher> launcher,
      Gateways gateways) {
    this.hbase = hbase;
    this.launcher = launcher;
    this.gateways = gateways;
  }

  /** Launches HBase, and its gateways on a thread of their own; returns at once. */
  static HBaseWithGateways launch() throws IOException {
    HBaseOracleProcess hbase = HBaseOracleProcess.launch("gateways-hbase");
    List<Integer> ports = FreePorts.belowEphemeralRange(2, 1);
    Map<String, String> properties = new HashMap<>(GatewayServers.CLIENT_SETTINGS);
    properties.put("hbase.zookeeper.quorum", "127.0.0.1:" + hbase.zookeeperPort());
    properties.put("hbase.rest.port", ports.get(0).toString());
    properties.put("hbase.rest.host", "127.0.0.1");
    properties.put("hbase.rest.info.port", "-1");
    properties.put("hbase.regionserver.thrift.port", ports.get(1).toString());
    properties.put("hbase.regionserver.thrift.ipaddress", "127.0.0.1");
    properties.put("hbase.thrift.info.port", "-1");
    CompletableFuture<GatewayLauncher> launcher = CompletableFuture.supplyAsync(() -> {
      try {
        return GatewayLauncher.start(properties, Path.of("target", "hbase-oracle-logs", "gateways-hbase-gw.log"));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
    });
    return new HBaseWithGateways(hbase, launcher,
        new Gateways("HBase", "127.0.0.1:" + ports.get(0), "127.0.0.1:" + ports.get(1)));
  }

  /** The gateways, once they listen and HBase serves; waits for both the first time. */
  synchronized Gateways awaitServing(Path work) throws IOException, InterruptedException {
    if (!serving) {
      try {
        launcher.get(GatewayLauncher.READY_SECONDS, TimeUnit.SECONDS);
      } catch (ExecutionException | TimeoutException e) {
        throw new IOException("the gateways in front of HBase did not start", e);
      }
      awaitTableWithRow(new Curl(gateways.rest(), Files.createDirectories(work.resolve("probe"))));
      serving = true;
    }
    return gateways;
  }

  private void awaitTableWithRow(Curl rest) throws IOException, InterruptedException {
    byte[] schema = ("{\"name\":\"" + PROBE_TABLE + "\",\"ColumnSchema\":[{\"name\":\"f\"}]}")
        .getBytes(StandardCharsets.UTF_8);
    byte[] row = CellSetJson.write(List.of(RestRow.of("r", new RestRow.Cell("f:q", 1, "v"))));
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(SERVE_SECONDS);
    String last = "no answer yet";
    while (System.nanoTime() < deadline) {
      if (!hbase.isAlive()) {
        throw new IOException("HBase exited while starting; see " + hbase.log());
      }
      Curl.Response created = rest.send("PUT", "/" + PROBE_TABLE + "/schema", null, CellSetJson.TYPE, schema);
      if (created.status() / 100 == 2) {
        Curl.Response put = rest.send("PUT", "/" + PROBE_TABLE + "/r", null, CellSetJson.TYPE, row);
        if (put.status() == 200) {
          return;
        }
        last = "put " + put.status() + " " + put.text();
      } else {
        last = "create " + created.status() + " " + created.text();
      }
      TimeUnit.MILLISECONDS.sleep(500);
    }
    throw new IOException("HBase did not serve within " + SERVE_SECONDS + " s (last answer: " + last + "); see "
        + hbase.log());
  }

  @Override
  public void close() throws IOException {
    try {
      // Bounded: the launcher gives up by itself after READY_SECONDS, ending what it started.
      launcher.get().close();
    } catch (ExecutionException e) {
      // The gateways never started; the test that awaited them failed saying why, and nothing of them runs.
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      hbase.close();
    }
  }
}
