package io.basalt.conformance.core;

import io.basalt.conformance.harness.BasaltTarget;
import io.basalt.conformance.harness.ClientRegistry;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;

/**
 * The client configuration a run of the core suite uses: the registry the module chose ({@link ClientRegistry}),
 * and a bound on how long a broken call may take.
 */
final class ClientSetup {
  private ClientSetup() {}

  static Configuration configuration(BasaltTarget basalt) {
    Configuration conf = HBaseConfiguration.create();
    ClientRegistry.properties(basalt).forEach(conf::set);
    // A broken call should fail the test within minutes, not after the default twenty.
    conf.setInt("hbase.client.operation.timeout", 120_000);
    return conf;
  }
}
