package io.basalt.conformance.fuzz;

import io.basalt.conformance.rawrpc.RawRpcConnection;
import io.basalt.conformance.rawrpc.RequestFrames;
import io.basalt.conformance.rawrpc.RpcResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.codec.Codec;
import org.apache.hadoop.hbase.codec.KeyValueCodec;
import org.apache.hadoop.hbase.shaded.protobuf.ProtobufUtil;
import org.apache.hadoop.hbase.shaded.protobuf.RequestConverter;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.Action;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.MultiRequest;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.MutateRequest;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.MutationProto.MutationType;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.MutationProto;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.RegionAction;
import org.apache.hadoop.hbase.shaded.protobuf.generated.HBaseProtos.RegionSpecifier.RegionSpecifierType;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Writes whose cell block does not match what the request says about it: a block length other than the bytes
 * that follow, a cell or key or value or row or family length that does not fit, an unknown cell type, a negative
 * timestamp, a block cut short or with stray bytes, fewer cells than the mutations announce, or a block on a
 * connection that declared no codec. Each is refused whole with DoNotRetryIOException, and writes nothing: the
 * table they aim at stays empty.
 */
final class CellBlockFuzz {
  private static final int CELL_LENGTH = 0;
  private static final int KEY_LENGTH = 4;
  private static final int VALUE_LENGTH = 8;
  private static final int ROW_LENGTH = 12;
  private static final int ROW = 14;
  private static final int VARIANTS = 12;

  private CellBlockFuzz() {}

  static void mismatchedBlock(FuzzTarget target, Random random) throws Exception {
    byte[] row = Bytes.toBytes("cells-" + random.nextInt(1 << 20));
    List<KeyValue> cells = new ArrayList<>();
    for (int i = 0, n = 1 + random.nextInt(4); i < n; i++) {
      byte[] value = new byte[random.nextInt(200)];
      random.nextBytes(value);
      cells.add(new KeyValue(row, ValidRequests.FAMILY, Bytes.toBytes("q" + i), 1 + random.nextInt(1 << 30),
          value));
    }
    byte[] block = encode(cells);
    int announced = cells.size();
    int metaLength = -2; // -2: the block's true length
    String codec = RequestFrames.KEY_VALUE_CODEC;
    int variant = random.nextInt(VARIANTS);
    int cell = random.nextInt(cells.size());
    int at = cellOffset(block, cell);
    int cellLength = Bytes.toInt(block, at);
    int keyLength = Bytes.toInt(block, at + KEY_LENGTH);
    int valueLength = Bytes.toInt(block, at + VALUE_LENGTH);
    int rowLength = row.length;
    switch (variant) {
      case 0 -> metaLength = block.length + 1 + random.nextInt(100);
      case 1 -> metaLength = random.nextInt(block.length);
      case 2 -> Bytes.putInt(block, at + CELL_LENGTH, random.nextBoolean() ? -1 - random.nextInt(Integer.MAX_VALUE)
          : cellLength + 1 + random.nextInt(Integer.MAX_VALUE - cellLength));
      case 3 -> Bytes.putInt(block, at + KEY_LENGTH, otherThan(keyLength, random));
      case 4 -> Bytes.putInt(block, at + VALUE_LENGTH, otherThan(valueLength, random));
      case 5 -> Bytes.putShort(block, at + ROW_LENGTH, (short) (random.nextBoolean() ? -1 - random.nextInt(32768)
          : keyLength - 11 + random.nextInt(32767 - keyLength + 11)));
      case 6 -> block[at + ROW + rowLength] = (byte) (random.nextBoolean() ? 0x80 | random.nextInt(128)
          : Math.min(127, keyLength - 12 - rowLength + 1 + random.nextInt(127)));
      case 7 -> block[at + 2 * Integer.BYTES + 4 + keyLength - 1] = unknownType(random);
      case 8 -> block[at + 2 * Integer.BYTES + 4 + keyLength - 9] |= (byte) 0x80;
      case 9 -> block = Arrays.copyOf(block, block.length - 1 - random.nextInt(block.length - 1));
      case 10 -> block = Arrays.copyOf(block, block.length + 1 + random.nextInt(3));
      default -> announced = cells.size() + 1 + random.nextInt(5);
    }
    boolean noCodec = random.nextInt(VARIANTS + 1) == 0;
    if (noCodec) {
      codec = null;
      block = encode(cells);
      metaLength = -2;
      announced = cells.size();
    }
    int callId = random.nextInt(1 << 30);
    boolean multi = random.nextBoolean();
    Put put = new Put(row);
    for (KeyValue kv : cells) {
      put.add((Cell) kv);
    }
    byte[] param = multi ? multi(target.cellsRegion(), put, announced) : mutate(target.cellsRegion(), put, announced);
    try (RawRpcConnection connection = target.connect("ClientService", codec)) {
      connection.send(RequestFrames.request(
          RequestFrames.header(callId, multi ? "Multi" : "Mutate", metaLength == -2 ? block.length : metaLength),
          param, block));
      RpcResponse response = Expect.callError(connection, callId, Expect.DO_NOT_RETRY);
      Expect.check(response.exception().getStackTrace().contains(noCodec ? "codec" : "cell"),
          "the error says what is wrong with the cells: " + response);
      Expect.stillServing(connection, target, callId + 1);
    }
  }

  private static byte[] mutate(byte[] region, Put put, int announced) throws IOException {
    MutationProto proto = ProtobufUtil.toMutationNoData(MutationType.PUT, put).toBuilder()
        .setAssociatedCellCount(announced).build();
    return MutateRequest.newBuilder()
        .setRegion(RequestConverter.buildRegionSpecifier(RegionSpecifierType.REGION_NAME, region))
        .setMutation(proto).build().toByteArray();
  }

  /** A batch of two mutations of the row sharing the block: the first takes one cell, the second the rest. */
  private static byte[] multi(byte[] region, Put put, int announced) throws IOException {
    MutationProto first = ProtobufUtil.toMutationNoData(MutationType.PUT, put).toBuilder()
        .setAssociatedCellCount(1).build();
    RegionAction.Builder action = RegionAction.newBuilder()
        .setRegion(RequestConverter.buildRegionSpecifier(RegionSpecifierType.REGION_NAME, region))
        .addAction(Action.newBuilder().setIndex(0).setMutation(first));
    if (announced > 1) {
      action.addAction(Action.newBuilder().setIndex(1).setMutation(first.toBuilder()
          .setAssociatedCellCount(announced - 1)));
    }
    return MultiRequest.newBuilder().addRegionAction(action).build().toByteArray();
  }

  private static int otherThan(int actual, Random random) {
    int other;
    do {
      other = random.nextBoolean() ? actual + random.nextInt(64) - 32 : random.nextInt();
    } while (other == actual);
    return other;
  }

  private static byte unknownType(Random random) {
    while (true) {
      byte code = (byte) random.nextInt(256);
      boolean known = false;
      for (KeyValue.Type type : KeyValue.Type.values()) {
        known |= type.getCode() == code;
      }
      if (!known) {
        return code;
      }
    }
  }

  private static int cellOffset(byte[] block, int index) {
    int offset = 0;
    for (int i = 0; i < index; i++) {
      offset += Integer.BYTES + Bytes.toInt(block, offset);
    }
    return offset;
  }

  private static byte[] encode(List<KeyValue> cells) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Codec.Encoder encoder = new KeyValueCodec().getEncoder(out);
    for (KeyValue cell : cells) {
      encoder.write(cell);
    }
    encoder.flush();
    return out.toByteArray();
  }
}
