package io.basalt.hbase.schema;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableState;
import org.apache.hadoop.hbase.shaded.protobuf.ProtobufUtil;
import org.apache.hadoop.hbase.shaded.protobuf.generated.HBaseProtos.TableSchema;

/**
 * How the adapter keeps HBase-only facts in a storage table's properties: the descriptor exactly as the client
 * sent it (HBase's own TableSchema protobuf) and the enabled/disabled state.
 */
public final class TableProperties {
  private static final String SCHEMA = "hbase.schema";
  private static final String STATE = "hbase.state";

  private TableProperties() {}

  public static Map<String, byte[]> of(TableDescriptor descriptor, TableState.State state) {
    Map<String, byte[]> properties = new HashMap<>();
    properties.put(SCHEMA, ProtobufUtil.toTableSchema(descriptor).toByteArray());
    properties.put(STATE, state.name().getBytes(StandardCharsets.UTF_8));
    return properties;
  }

  public static TableDescriptor descriptor(Map<String, byte[]> properties) throws IOException {
    byte[] schema = properties.get(SCHEMA);
    if (schema == null) {
      throw new IOException("table has no stored HBase schema");
    }
    return ProtobufUtil.toTableDescriptor(TableSchema.parseFrom(schema));
  }

  public static TableState.State state(Map<String, byte[]> properties) throws IOException {
    byte[] state = properties.get(STATE);
    if (state == null) {
      throw new IOException("table has no stored state");
    }
    return TableState.State.valueOf(new String(state, StandardCharsets.UTF_8));
  }
}
