package io.basalt.conformance.gateways;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The same gateways in front of real HBase 2.6.4 and in front of Basalt, given the same requests by the same
 * clients, answer alike: every scenario of RestGatewayTest and Thrift2GatewayTest runs against both, and the two
 * transcripts (each request with its status, content type and body; each call with its result or error) are equal.
 * The REST scenarios' own checks run against HBase too, which shows they check HBase's behaviour.
 */
@ExtendWith(GatewayServersResolver.class)
class GatewaysAgainstHBaseTest {
  static Stream<Arguments> restScenarios() {
    return Stream.of(Arguments.of("schema", (RestScenarios.Scenario) RestScenarios::schema),
        Arguments.of("cells", (RestScenarios.Scenario) RestScenarios::cells),
        Arguments.of("multiget", (RestScenarios.Scenario) RestScenarios::multiGet),
        Arguments.of("scanner", (RestScenarios.Scenario) RestScenarios::scanner),
        Arguments.of("errors", (RestScenarios.Scenario) RestScenarios::errors));
  }

  @ParameterizedTest(name = "REST {0}")
  @MethodSource("restScenarios")
  void restAnswersAsInFrontOfHBase(String name, RestScenarios.Scenario scenario, GatewayServers servers)
      throws Exception {
    String table = "compared_rest_" + name;
    RestSession hbase = session(servers, servers.hbase());
    scenario.run(hbase, table);
    RestSession basalt = session(servers, servers.basalt());
    scenario.run(basalt, table);
    assertEquals(String.join("\n", hbase.transcript()), String.join("\n", basalt.transcript()));
  }

  @ParameterizedTest(name = "Thrift2 {0}")
  @ValueSource(strings = {"get-and-put", "scan", "check-and-mutate", "errors"})
  void thrift2AnswersAsInFrontOfHBase(String scenario, GatewayServers servers) throws Exception {
    String table = "compared_thrift_" + scenario.replace('-', '_');
    ThriftCalls hbase = new ThriftCalls(servers.python().run(servers.hbase().thrift(), table, scenario));
    ThriftCalls basalt = new ThriftCalls(servers.python().run(servers.basalt().thrift(), table, scenario));
    assertEquals(String.join("\n", hbase.transcript()), String.join("\n", basalt.transcript()));
  }

  private static RestSession session(GatewayServers servers, Gateways gateways) throws Exception {
    return new RestSession(new Curl(gateways.rest(), Files.createDirectories(servers.work().resolve("curl-"
        + gateways.server()))), gateways.rest());
  }
}
