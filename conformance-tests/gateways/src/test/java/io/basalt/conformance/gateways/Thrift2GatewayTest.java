package io.basalt.conformance.gateways;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * HBase's Thrift2 server beside Basalt ({@code --thrift-port}), driven by a Python program on Debian's
 * python3-thrift. Each scenario creates its table through Thrift2's own createTable and drops it at the end.
 */
@ExtendWith(GatewayServersResolver.class)
class Thrift2GatewayTest {
  private static final String T = "@1700000000000=";
  private static GatewayServers servers;

  @BeforeAll
  static void servers(GatewayServers running) {
    servers = running;
  }

  @Test
  void putsAndGetsRowsColumnsAndVersions() throws Exception {
    ThriftCalls calls = run("thrift_get_and_put", "get-and-put");
    assertEquals(List.of(true, false), calls.results("tableExists").stream().map(JsonNode::asBoolean).toList(),
        "the table exists once created and not once deleted");
    assertEquals(List.of("f:a" + T + "v1", "f:b" + T + "v2"), ThriftCalls.cells(calls.result("get")));
    assertEquals(List.of("f:b" + T + "v2"), ThriftCalls.cells(calls.result("get one column")));
    assertEquals(List.of("f:a" + T + "v1", "f:a@1699999999999=v0"), ThriftCalls.cells(calls.result("get versions")));
    assertEquals(List.of(), ThriftCalls.cells(calls.result("get a missing row")));
    List<List<String>> multiple = new ArrayList<>();
    calls.result("getMultiple").forEach(result -> multiple.add(ThriftCalls.cells(result)));
    assertEquals(List.of(List.of("f:a" + T + "w1"), List.of(), List.of("f:a" + T + "v1", "f:b" + T + "v2")),
        multiple, "a missing row is an empty result in its place");
    assertTrue(calls.result("exists").asBoolean());
    assertFalse(calls.result("exists a missing row").asBoolean());
    assertEquals(List.of(), ThriftCalls.cells(calls.result("get a deleted row")));
  }

  @Test
  void scansByRangeBackwardsAndThroughAnOpenScanner() throws Exception {
    ThriftCalls calls = run("thrift_scan", "scan");
    assertEquals(List.of("row2", "row3", "row4", "row5", "row6"), rows(calls.result("getScannerResults")));
    assertEquals(List.of("row4", "row3"), rows(calls.result("getScannerResults reversed")));
    assertEquals(List.of(List.of("row0", "row1", "row2", "row3"), List.of("row4", "row5", "row6", "row7"),
        List.of("row8", "row9"), List.of()), calls.results("getScannerRows").stream().map(Thrift2GatewayTest::rows)
        .toList());
    assertEquals("TIllegalArgument", calls.error("getScannerRows after closeScanner").get("type").asText());
  }

  @Test
  void checkAndMutateAppliesItsMutationsOnlyWhenTheCheckHolds() throws Exception {
    ThriftCalls calls = run("thrift_check_and_mutate", "check-and-mutate");
    assertFalse(calls.result("checkAndMutate on a value that is not there").asBoolean());
    assertTrue(calls.result("checkAndMutate on the value there").asBoolean());
    assertTrue(calls.result("checkAndMutate with LESS").asBoolean());
    assertTrue(calls.result("checkAndPut into an absent column").asBoolean());
    assertFalse(calls.result("checkAndDelete on a stale value").asBoolean());
    assertEquals(List.of(List.of("f:holder" + T + "alice"), List.of("f:holder" + T + "bob"),
        List.of("f:note" + T + "taken"), List.of("f:note" + T + "taken")),
        calls.results("get").stream().map(ThriftCalls::cells).toList(),
        "the put after the delete of holder carries an older timestamp than the delete, which hides it");
  }

  @Test
  void aMissingTableIsAnIOErrorAndAnUnknownScannerAnIllegalArgument() throws Exception {
    ThriftCalls calls = run("thrift_errors", "errors");
    for (String call : List.of("get from a missing table", "put into a missing table",
        "getTableDescriptor of a missing table")) {
      assertEquals("TIOError", calls.error(call).get("type").asText(), call);
      assertTrue(calls.error(call).get("message").asText().contains("thrift_errors_missing"), call);
    }
    assertEquals("Invalid scanner Id",
        calls.error("getScannerRows of a scanner never opened").get("message").asText());
  }

  private static ThriftCalls run(String table, String scenario) throws Exception {
    return new ThriftCalls(servers.python().run(servers.basalt().thrift(), table, scenario));
  }

  private static List<String> rows(JsonNode results) {
    List<String> rows = new ArrayList<>();
    results.forEach(result -> rows.add(result.get("row").asText()));
    return rows;
  }
}
