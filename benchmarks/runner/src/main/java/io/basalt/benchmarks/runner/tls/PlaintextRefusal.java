package io.basalt.benchmarks.runner.tls;

import io.basalt.benchmarks.runner.servers.FirstPutProbe;
import io.basalt.benchmarks.runner.servers.ServerUnderTest;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;

/**
 * Checks, before anything is measured, that a server started for TLS serves TLS only: a stock client without TLS
 * settings must be refused. A server whose TLS properties did not take would otherwise serve plaintext to the
 * benchmark's clients as readily as TLS (its port accepting both, or neither setting read), and the run would
 * report that TLS costs nothing. That the client with TLS settings is served, the first put has already shown.
 */
final class PlaintextRefusal {
  private PlaintextRefusal() {}

  static void check(ServerUnderTest server) throws IOException {
    Configuration plaintext = FirstPutProbe.failingFast(
        FirstPutProbe.clientConfiguration(server.zookeeperHost(), server.zookeeperPort()));
    try (Connection connection = ConnectionFactory.createConnection(plaintext);
        Admin admin = connection.getAdmin()) {
      admin.listTableNames();
    } catch (IOException refused) {
      return;
    }
    throw new IOException(server.name() + " served a client without TLS, so it does not serve TLS only; see "
        + server.log());
  }
}
