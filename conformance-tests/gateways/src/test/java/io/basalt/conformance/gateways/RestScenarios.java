package io.basalt.conformance.gateways;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * What a REST application does, request by request, each answer checked: the same scenarios run against Basalt's
 * gateway (RestGatewayTest) and, for the comparison, against HBase's (GatewaysAgainstHBaseTest), where every check
 * must hold too and the two transcripts must be equal. Each scenario makes and drops its own table; every cell is
 * written with its own timestamp, so that answers do not depend on the time.
 */
final class RestScenarios {
  static final String JSON = CellSetJson.TYPE;
  static final String PROTOBUF = RestProtobuf.TYPE;

  /** One scenario, run on a session with a table name of its own. */
  @FunctionalInterface
  interface Scenario {
    void run(RestSession rest, String table) throws IOException, InterruptedException;
  }

  private RestScenarios() {}

  /** Create a table through the schema resource, describe it in JSON and protobuf, list it, drop it. */
  static void schema(RestSession rest, String table) throws IOException, InterruptedException {
    assertEquals(201, createTable(rest, table).status());
    JsonNode schema = CellSetJson.tree(rest.get("/" + table + "/schema", JSON).body());
    assertEquals(table, schema.get("name").asText());
    assertEquals("f", schema.get("ColumnSchema").get(0).get("name").asText());
    assertEquals("3", schema.get("ColumnSchema").get(0).get("VERSIONS").asText());
    Curl.Response protobuf = rest.get("/" + table + "/schema", PROTOBUF);
    assertEquals(List.of(table, "f"), RestProtobuf.tableNameAndFamilies(protobuf.body()));

    JsonNode tables = CellSetJson.tree(rest.getUnrecorded("/", JSON).body());
    List<String> names = new ArrayList<>();
    tables.get("table").forEach(entry -> names.add(entry.get("name").asText()));
    assertTrue(names.contains(table), names.toString());
    JsonNode regions = CellSetJson.tree(rest.getUnrecorded("/" + table + "/regions", JSON).body());
    assertEquals(1, regions.get("Region").size(), regions.toString());
    assertTrue(regions.get("Region").get(0).get("name").asText().startsWith(table + ",,"), regions.toString());

    assertEquals(404, rest.get("/" + table + "_missing/schema", JSON).status());
    assertEquals(200, rest.delete("/" + table + "/schema").status());
    assertEquals(404, rest.get("/" + table + "/schema", JSON).status());
  }

  /** Cells put and got in JSON and in protobuf, either way round; versions; a raw value; deletes. */
  static void cells(RestSession rest, String table) throws IOException, InterruptedException {
    createTable(rest, table);
    assertEquals(200, rest.put("/" + table + "/r1", JSON, CellSetJson.write(List.of(RestRow.of("r1",
        cell("f:a", 1000, "v1"), cell("f:b", 1000, "v2"))))).status());
    assertEquals(200, rest.put("/" + table + "/r2", PROTOBUF, RestProtobuf.cellSet(List.of(RestRow.of("r2",
        cell("f:a", 1000, "w1"))))).status());
    assertEquals(200, rest.put("/" + table + "/r1/f:a", JSON, CellSetJson.write(List.of(RestRow.of("r1",
        cell("f:a", 2000, "v1-new"))))).status());

    List<RestRow> r1 = List.of(RestRow.of("r1", cell("f:a", 2000, "v1-new"), cell("f:b", 1000, "v2")));
    assertEquals(r1, CellSetJson.read(rest.get("/" + table + "/r1", JSON).body()));
    assertEquals(r1, RestProtobuf.readCellSet(rest.get("/" + table + "/r1", PROTOBUF).body()));
    assertEquals(List.of(RestRow.of("r2", cell("f:a", 1000, "w1"))),
        CellSetJson.read(rest.get("/" + table + "/r2", JSON).body()), "put in protobuf, got in JSON");
    assertEquals(List.of(RestRow.of("r1", cell("f:a", 2000, "v1-new"), cell("f:a", 1000, "v1"))),
        CellSetJson.read(rest.get("/" + table + "/r1/f:a?v=3", JSON).body()), "both versions, newest first");
    assertArrayEquals("v2".getBytes(StandardCharsets.UTF_8),
        rest.get("/" + table + "/r1/f:b", "application/octet-stream").body());

    assertEquals(200, rest.delete("/" + table + "/r1/f:b").status());
    assertEquals(List.of(RestRow.of("r1", cell("f:a", 2000, "v1-new"))),
        CellSetJson.read(rest.get("/" + table + "/r1", JSON).body()));
    assertEquals(200, rest.delete("/" + table + "/r1").status());
    assertEquals(404, rest.get("/" + table + "/r1", JSON).status());
    dropTable(rest, table);
  }

  /** Several rows in one request, one of them missing; a multi-get of missing rows only. */
  static void multiGet(RestSession rest, String table) throws IOException, InterruptedException {
    createTable(rest, table);
    putRows(rest, table, 3);
    assertEquals(List.of(row(0), row(2)), CellSetJson.read(
        rest.get("/" + table + "/multiget?row=row0&row=row2&row=missing", JSON).body()));
    assertEquals(List.of(row(1), row(0)), RestProtobuf.readCellSet(
        rest.get("/" + table + "/multiget?row=row1&row=row0", PROTOBUF).body()));
    assertEquals(404, rest.get("/" + table + "/multiget?row=missing&row=gone", JSON).status());
    dropTable(rest, table);
  }

  /** A scanner made in JSON and read a few cells at a time, then deleted; one made and read in protobuf. */
  static void scanner(RestSession rest, String table) throws IOException, InterruptedException {
    createTable(rest, table);
    putRows(rest, table, 10);
    Curl.Response created = rest.put("/" + table + "/scanner", JSON, "{\"batch\":3}".getBytes(StandardCharsets.UTF_8));
    assertEquals(201, created.status());
    String scanner = path(created.location());
    List<RestRow> scanned = new ArrayList<>();
    List<Integer> batches = new ArrayList<>();
    for (Curl.Response next = rest.get(scanner, JSON); next.status() != 204; next = rest.get(scanner, JSON)) {
      assertEquals(200, next.status(), next.text());
      List<RestRow> rows = CellSetJson.read(next.body());
      batches.add(rows.size());
      scanned.addAll(rows);
    }
    assertEquals(List.of(3, 3, 3, 1), batches, "three cells a call, then what is left, then No Content");
    assertEquals(rowsFrom(0, 10), scanned);
    assertEquals(200, rest.delete(scanner).status());
    assertEquals(404, rest.get(scanner, JSON).status(), "a deleted scanner is gone");

    Curl.Response range = rest.post("/" + table + "/scanner", PROTOBUF, RestProtobuf.scanner("row2", "row5", 10));
    assertEquals(201, range.status());
    String rangeScanner = path(range.location());
    assertEquals(rowsFrom(2, 5), RestProtobuf.readCellSet(rest.get(rangeScanner, PROTOBUF).body()));
    assertEquals(204, rest.get(rangeScanner, PROTOBUF).status());
    assertEquals(200, rest.delete(rangeScanner).status());
    dropTable(rest, table);
  }

  /** What HBase's REST server answers for missing tables, rows, columns and families. */
  static void errors(RestSession rest, String table) throws IOException, InterruptedException {
    createTable(rest, table);
    putRows(rest, table, 1);
    String missingTable = "/" + table + "_missing";
    assertEquals(404, rest.get(missingTable + "/row0", JSON).status());
    assertEquals(404, rest.get("/" + table + "/missing", JSON).status());
    assertEquals(404, rest.get("/" + table + "/row0/f:missing", JSON).status());
    assertEquals(404, rest.get("/" + table + "/row0/nofamily:q", JSON).status());
    Curl.Response noFamily = rest.put("/" + table + "/row0", JSON,
        CellSetJson.write(List.of(RestRow.of("row0", cell("nofamily:q", 1, "x")))));
    assertEquals(404, noFamily.status());
    assertTrue(noFamily.text().contains("NoSuchColumnFamilyException: Column family nofamily does not exist"),
        noFamily.text());
    Curl.Response noTable = rest.put(missingTable + "/row0", JSON, CellSetJson.write(List.of(row(0))));
    assertEquals(404, noTable.status());
    assertTrue(noTable.text().contains("TableNotFoundException: " + table + "_missing"), noTable.text());
    assertEquals(201, rest.put(missingTable + "/scanner", JSON, "{\"batch\":1}".getBytes(StandardCharsets.UTF_8))
        .status(), "HBase's REST server makes the scanner before it looks for the table");
    assertEquals(404, rest.delete(missingTable + "/schema").status());
    assertEquals(404, rest.get("/" + table + "/scanner/no-such-scanner", JSON).status());
    dropTable(rest, table);
  }

  private static Curl.Response createTable(RestSession rest, String table) throws IOException, InterruptedException {
    return rest.put("/" + table + "/schema", JSON, ("{\"name\":\"" + table + "\",\"ColumnSchema\":[{\"name\":\"f\","
        + "\"VERSIONS\":\"3\"}]}").getBytes(StandardCharsets.UTF_8));
  }

  private static void dropTable(RestSession rest, String table) throws IOException, InterruptedException {
    assertEquals(200, rest.delete("/" + table + "/schema").status());
  }

  /** Rows row0.. in one request: a CellSet of many rows goes to any row's path (HBase's "fake row key"). */
  private static void putRows(RestSession rest, String table, int count) throws IOException, InterruptedException {
    assertEquals(200, rest.put("/" + table + "/fakerow", JSON, CellSetJson.write(rowsFrom(0, count))).status());
  }

  private static List<RestRow> rowsFrom(int first, int end) {
    List<RestRow> rows = new ArrayList<>();
    for (int i = first; i < end; i++) {
      rows.add(row(i));
    }
    return rows;
  }

  private static RestRow row(int i) {
    return RestRow.of("row" + i, cell("f:q", 1000 + i, "value" + i));
  }

  private static RestRow.Cell cell(String column, long timestamp, String value) {
    return new RestRow.Cell(column, timestamp, value);
  }

  /** The path of a Location header, to send the next requests to. */
  private static String path(String location) {
    assertNotNull(location, "a created scanner has a Location");
    return location.replaceFirst("^https?://[^/]+", "");
  }
}
