package io.basalt.conformance.gateways;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * HBase's REST CellSet in JSON: {@code {"Row":[{"key":..,"Cell":[{"column":..,"timestamp":..,"$":..}]}]}}, with
 * row keys, columns and values in base64.
 */
final class CellSetJson {
  static final String TYPE = "application/json";
  private static final ObjectMapper JSON = new ObjectMapper();

  private CellSetJson() {}

  static byte[] write(List<RestRow> rows) {
    ObjectNode cellSet = JSON.createObjectNode();
    ArrayNode rowArray = cellSet.putArray("Row");
    for (RestRow row : rows) {
      ObjectNode rowNode = rowArray.addObject().put("key", base64(row.key()));
      ArrayNode cellArray = rowNode.putArray("Cell");
      for (RestRow.Cell cell : row.cells()) {
        cellArray.addObject().put("column", base64(cell.column())).put("timestamp", cell.timestamp())
            .put("$", base64(cell.value()));
      }
    }
    return cellSet.toString().getBytes(StandardCharsets.UTF_8);
  }

  static List<RestRow> read(byte[] body) throws IOException {
    List<RestRow> rows = new ArrayList<>();
    for (JsonNode row : JSON.readTree(body).path("Row")) {
      List<RestRow.Cell> cells = new ArrayList<>();
      for (JsonNode cell : row.path("Cell")) {
        cells.add(new RestRow.Cell(text(cell.get("column")), cell.get("timestamp").asLong(), text(cell.get("$"))));
      }
      rows.add(new RestRow(text(row.get("key")), cells));
    }
    return rows;
  }

  static JsonNode tree(byte[] body) throws IOException {
    return JSON.readTree(body);
  }

  private static String base64(String text) {
    return Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
  }

  private static String text(JsonNode base64) {
    return new String(Base64.getDecoder().decode(base64.asText()), StandardCharsets.UTF_8);
  }
}
