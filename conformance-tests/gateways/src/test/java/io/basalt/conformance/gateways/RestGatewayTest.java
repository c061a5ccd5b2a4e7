package io.basalt.conformance.gateways;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** HBase's REST server beside Basalt ({@code --rest-port}), driven by curl. */
@ExtendWith(GatewayServersResolver.class)
class RestGatewayTest {
  private static RestSession rest;

  @BeforeAll
  static void connect(GatewayServers servers) throws IOException {
    String address = servers.basalt().rest();
    rest = new RestSession(new Curl(address, Files.createDirectories(servers.work().resolve("curl-basalt"))),
        address);
  }

  @Test
  void theSchemaResourceCreatesDescribesListsAndDropsATable() throws Exception {
    RestScenarios.schema(rest, "rest_schema");
  }

  @Test
  void cellsGoInAndComeOutInJsonAndProtobuf() throws Exception {
    RestScenarios.cells(rest, "rest_cells");
  }

  @Test
  void aMultiGetAnswersTheRowsThatExist() throws Exception {
    RestScenarios.multiGet(rest, "rest_multiget");
  }

  @Test
  void aScannerIsCreatedReadInBatchesAndDeleted() throws Exception {
    RestScenarios.scanner(rest, "rest_scanner");
  }

  @Test
  void missingTablesRowsAndColumnsAnswerAsHBaseDoes() throws Exception {
    RestScenarios.errors(rest, "rest_errors");
  }

  @Test
  void theClusterVersionIsTheHBaseVersionBasaltSpeaks() throws Exception {
    Curl.Response version = rest.get("/version/cluster", "text/plain");
    assertEquals(200, version.status());
    assertEquals("2.6.4", version.text().strip());
  }
}
