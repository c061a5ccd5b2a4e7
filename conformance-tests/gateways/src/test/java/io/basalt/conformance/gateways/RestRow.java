package io.basalt.conformance.gateways;

import java.util.List;

/** A row of cells as HBase's REST server carries it in a CellSet, in JSON or protobuf alike. */
record RestRow(String key, List<Cell> cells) {
  /** One cell: {@code family:qualifier}, its timestamp and its value. */
  record Cell(String column, long timestamp, String value) {}

  static RestRow of(String key, Cell... cells) {
    return new RestRow(key, List.of(cells));
  }
}
