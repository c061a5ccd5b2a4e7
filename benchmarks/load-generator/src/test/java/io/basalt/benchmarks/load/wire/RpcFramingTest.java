package io.basalt.benchmarks.load.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos;
import org.apache.hadoop.hbase.shaded.protobuf.generated.MasterProtos;
import org.apache.hadoop.hbase.shaded.protobuf.generated.RPCProtos;
import org.junit.jupiter.api.Test;

class RpcFramingTest {
  /**
   * The frame a stock client writes for IsMasterRunning as call 5 with a 60 s timeout, byte for byte (the worked
   * example of the wire-protocol reference, from IPCUtil.write): the call id written in front of the encoded rest of
   * the header gives the same bytes as a header encoded whole.
   */
  @Test
  void aFrameIsWhatAStockClientWrites() {
    EncodedRequest request = RpcFraming.encode("IsMasterRunning",
        MasterProtos.IsMasterRunningRequest.getDefaultInstance(), new byte[0], null);
    byte[] frame = new byte[RpcFraming.frameSize(request, 5)];
    assertEquals(frame.length, RpcFraming.writeFrame(request, 5, frame, 0));
    ByteArrayOutputStream expected = new ByteArrayOutputStream();
    expected.writeBytes(HexFormat.of().parseHex("0000001d1b080512001a0f"));
    expected.writeBytes("IsMasterRunning".getBytes(StandardCharsets.US_ASCII));
    expected.writeBytes(HexFormat.of().parseHex("200138e0d40300"));
    assertArrayEquals(expected.toByteArray(), frame);
  }

  @Test
  void largeCallIdsTakeLongerVarints() throws Exception {
    EncodedRequest request = RpcFraming.encode("Get", ClientProtos.GetRequest.getDefaultInstance(), new byte[0], null);
    int callId = Integer.MAX_VALUE;
    byte[] frame = new byte[RpcFraming.frameSize(request, callId)];
    RpcFraming.writeFrame(request, callId, frame, 0);
    int headerLength = frame[4];
    RPCProtos.RequestHeader header = RPCProtos.RequestHeader.parseFrom(
        java.util.Arrays.copyOfRange(frame, 5, 5 + headerLength));
    assertEquals(callId, header.getCallId());
    assertEquals("Get", header.getMethodName());
    assertEquals(frame.length - 4, ((frame[0] & 0xFF) << 24 | (frame[1] & 0xFF) << 16 | (frame[2] & 0xFF) << 8
        | (frame[3] & 0xFF)));
  }

  @Test
  void anAnswersHeaderGivesItsCallIdExceptionAndCellBlock() throws Exception {
    ByteArrayOutputStream frame = new ByteArrayOutputStream();
    RPCProtos.ResponseHeader.newBuilder().setCallId(7)
        .setCellBlockMeta(RPCProtos.CellBlockMeta.newBuilder().setLength(3)).build().writeDelimitedTo(frame);
    ClientProtos.GetResponse.newBuilder().setResult(ClientProtos.Result.newBuilder().setAssociatedCellCount(1))
        .build().writeDelimitedTo(frame);
    frame.writeBytes(new byte[] {1, 2, 3});
    byte[] bytes = frame.toByteArray();
    Answer answer = Answer.parse(bytes, 0, bytes.length);
    assertEquals(7, answer.callId());
    assertNull(answer.exception());
    assertEquals(1, answer.message(ClientProtos.GetResponse.parser()).getResult().getAssociatedCellCount());
    assertArrayEquals(new byte[] {1, 2, 3}, answer.cellBlock());

    ByteArrayOutputStream failed = new ByteArrayOutputStream();
    RPCProtos.ResponseHeader.newBuilder().setCallId(8).setException(RPCProtos.ExceptionResponse.newBuilder()
        .setExceptionClassName("org.apache.hadoop.hbase.NotServingRegionException")).build()
        .writeDelimitedTo(failed);
    Answer failure = Answer.parse(failed.toByteArray(), 0, failed.size());
    assertEquals(8, failure.callId());
    assertEquals("org.apache.hadoop.hbase.NotServingRegionException", failure.exception().getExceptionClassName());
  }
}
