package io.basalt.conformance.gateways;

import com.google.protobuf.ByteString;
import com.google.protobuf.UnknownFieldSet;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * HBase's REST messages in protobuf (application/x-protobuf), written and read field by field by their numbers in
 * hbase-rest's .proto files (CellSet: rows 1; Row: key 1, values 2; Cell: column 2, timestamp 3, data 4; Scanner:
 * startRow 1, endRow 2, batch 4; TableSchema: name 1, columns 3; ColumnSchema: name 1), as any protobuf library
 * would, with no class generated from them.
 */
final class RestProtobuf {
  static final String TYPE = "application/x-protobuf";

  private RestProtobuf() {}

  static byte[] cellSet(List<RestRow> rows) {
    UnknownFieldSet.Field.Builder rowField = UnknownFieldSet.Field.newBuilder();
    for (RestRow row : rows) {
      UnknownFieldSet.Field.Builder cellField = UnknownFieldSet.Field.newBuilder();
      for (RestRow.Cell cell : row.cells()) {
        cellField.addLengthDelimited(UnknownFieldSet.newBuilder()
            .addField(2, bytes(cell.column())).addField(3, varint(cell.timestamp())).addField(4, bytes(cell.value()))
            .build().toByteString());
      }
      rowField.addLengthDelimited(UnknownFieldSet.newBuilder().addField(1, bytes(row.key()))
          .addField(2, cellField.build()).build().toByteString());
    }
    return UnknownFieldSet.newBuilder().addField(1, rowField.build()).build().toByteArray();
  }

  static List<RestRow> readCellSet(byte[] body) throws IOException {
    List<RestRow> rows = new ArrayList<>();
    UnknownFieldSet cellSet = UnknownFieldSet.parseFrom(body);
    for (ByteString rowBytes : lengthDelimited(cellSet, 1)) {
      UnknownFieldSet row = UnknownFieldSet.parseFrom(rowBytes);
      List<RestRow.Cell> cells = new ArrayList<>();
      for (ByteString cellBytes : lengthDelimited(row, 2)) {
        UnknownFieldSet cell = UnknownFieldSet.parseFrom(cellBytes);
        cells.add(new RestRow.Cell(text(cell, 2), cell.getField(3).getVarintList().get(0), text(cell, 4)));
      }
      rows.add(new RestRow(text(row, 1), cells));
    }
    return rows;
  }

  /** A scanner of {@code batch} cells a call over {@code [startRow, endRow)}. */
  static byte[] scanner(String startRow, String endRow, int batch) {
    return UnknownFieldSet.newBuilder().addField(1, bytes(startRow)).addField(2, bytes(endRow))
        .addField(4, varint(batch)).build().toByteArray();
  }

  /** A TableSchema's name and its column families' names. */
  static List<String> tableNameAndFamilies(byte[] body) throws IOException {
    UnknownFieldSet schema = UnknownFieldSet.parseFrom(body);
    List<String> names = new ArrayList<>(List.of(text(schema, 1)));
    for (ByteString column : lengthDelimited(schema, 3)) {
      names.add(text(UnknownFieldSet.parseFrom(column), 1));
    }
    return names;
  }

  private static List<ByteString> lengthDelimited(UnknownFieldSet message, int field) {
    return message.hasField(field) ? message.getField(field).getLengthDelimitedList() : List.of();
  }

  private static String text(UnknownFieldSet message, int field) {
    return lengthDelimited(message, field).get(0).toString(StandardCharsets.UTF_8);
  }

  private static UnknownFieldSet.Field bytes(String text) {
    return UnknownFieldSet.Field.newBuilder().addLengthDelimited(ByteString.copyFromUtf8(text)).build();
  }

  private static UnknownFieldSet.Field varint(long value) {
    return UnknownFieldSet.Field.newBuilder().addVarint(value).build();
  }
}
