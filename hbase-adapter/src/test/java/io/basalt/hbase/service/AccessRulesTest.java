package io.basalt.hbase.service;

import io.basalt.hbase.FrontendSettings;
import io.basalt.hbase.cluster.RegionLocations;
import io.basalt.hbase.cluster.ServerIdentity;
import io.basalt.hbase.logs.SlowLog;
import io.basalt.hbase.logs.SlowLogSettings;
import io.basalt.hbase.metrics.RequestMetrics;
import io.basalt.hbase.rpc.ServiceBinding;
import io.basalt.hbase.security.AccessControl;
import io.basalt.hbase.security.Audit;
import io.basalt.hbase.security.Authorization;
import io.basalt.hbase.security.SecuritySettings;
import io.basalt.hbase.testing.MemoryGrants;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.hbase.ServerName;
import org.junit.jupiter.api.Test;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Every method the server serves has a permission rule of its own, decided on purpose: a method without one would
 * be open to global admins only, which is safe but surely not what HBase asks; and no rule names a method that is
 * not served.
 */
class AccessRulesTest {
  @Test
  void everyServedMethodHasARuleAndEveryRuleAServedMethod() throws IOException {
    ServerIdentity server = new ServerIdentity(ServerName.valueOf("localhost", 16020, 1), "cluster", 16010);
    AccessControl control = new AccessControl(new MemoryGrants(), List.of("admin"), Set.of(), user -> List.of());
    Authorization authorization = new Authorization(control, Audit.NONE);
    List<ServiceBinding> bindings = HBaseServices.bindings(RegionLocations.singleNode(server), null, null, null,
        null, null, null, FrontendSettings.defaults().maxScanResultBytes(), SecuritySettings.simple(),
        authorization, new SlowLog(SlowLogSettings.defaults()), new RequestMetrics(10_000), null);
    Set<String> served = new TreeSet<>();
    for (ServiceBinding binding : bindings) {
      for (Map.Entry<String, Boolean> method : binding.methodCoverage().entrySet()) {
        if (method.getValue()) {
          served.add(binding.name() + "." + method.getKey());
        }
      }
    }
    Set<String> ruled = new TreeSet<>(new AccessRules(authorization, null).methodsWithRules());
    assertEquals(served, ruled);
  }
}
