package io.basalt.benchmarks.load.wire;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.hbase.codec.KeyValueCodec;
import org.apache.hadoop.hbase.shaded.protobuf.ProtobufUtil;
import org.apache.hadoop.hbase.shaded.protobuf.generated.RPCProtos;
import org.apache.hadoop.hbase.shaded.protobuf.generated.TracingProtos;
import org.apache.hbase.thirdparty.com.google.protobuf.CodedOutputStream;
import org.apache.hbase.thirdparty.com.google.protobuf.Message;

/**
 * The bytes of HBase's RPC framing that are the same for every call: the connection preamble and header a stock
 * 2.6 client sends (SIMPLE authentication, KeyValueCodec cell blocks, the client's version, so servers answer as they
 * answer stock clients: results in cell blocks), and a request's header and message encoded once.
 */
public final class RpcFraming {
  /** What a stock client gives a call (hbase.rpc.timeout's default); sent in each header as stock clients do. */
  private static final int CALL_TIMEOUT_MILLIS = 60_000;

  private RpcFraming() {}

  /** The 6-byte preamble ("HBas", version 0, SIMPLE) and the length-prefixed ConnectionHeader for ClientService. */
  public static byte[] connectionStart(String user) {
    RPCProtos.ConnectionHeader header = RPCProtos.ConnectionHeader.newBuilder()
        .setUserInfo(RPCProtos.UserInformation.newBuilder().setEffectiveUser(user))
        .setServiceName("ClientService")
        .setCellBlockCodecClass(KeyValueCodec.class.getName())
        .setVersionInfo(ProtobufUtil.getVersionInfo())
        .build();
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    bytes.writeBytes("HBas".getBytes(StandardCharsets.US_ASCII));
    bytes.write(0);
    bytes.write(0x50);
    byte[] encoded = header.toByteArray();
    bytes.write(encoded.length >>> 24);
    bytes.write(encoded.length >>> 16);
    bytes.write(encoded.length >>> 8);
    bytes.write(encoded.length);
    bytes.writeBytes(encoded);
    return bytes.toByteArray();
  }

  /** A ClientService call of {@code method} with {@code param} and an optional cell block, all but its call id. */
  public static EncodedRequest encode(String method, Message param, byte[] cellBlock, Object payload) {
    RPCProtos.RequestHeader.Builder header = RPCProtos.RequestHeader.newBuilder()
        .setTraceInfo(TracingProtos.RPCTInfo.getDefaultInstance())
        .setMethodName(method)
        .setRequestParam(true)
        .setTimeout(CALL_TIMEOUT_MILLIS);
    if (cellBlock.length > 0) {
      header.setCellBlockMeta(RPCProtos.CellBlockMeta.newBuilder().setLength(cellBlock.length));
    }
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    try {
      param.writeDelimitedTo(body);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    body.writeBytes(cellBlock);
    return new EncodedRequest(method, header.build().toByteArray(), body.toByteArray(), payload);
  }

  /** The bytes a call of {@code request} with {@code callId} takes on the wire, the 4-byte length included. */
  public static int frameSize(EncodedRequest request, int callId) {
    int header = headerSize(request, callId);
    return 4 + CodedOutputStream.computeUInt32SizeNoTag(header) + header + request.body().length;
  }

  /** Writes the call's frame at {@code offset} of {@code buffer}, which has {@link #frameSize} bytes free there. */
  public static int writeFrame(EncodedRequest request, int callId, byte[] buffer, int offset) {
    int header = headerSize(request, callId);
    int total = CodedOutputStream.computeUInt32SizeNoTag(header) + header + request.body().length;
    int at = offset;
    buffer[at++] = (byte) (total >>> 24);
    buffer[at++] = (byte) (total >>> 16);
    buffer[at++] = (byte) (total >>> 8);
    buffer[at++] = (byte) total;
    at = writeVarint(header, buffer, at);
    buffer[at++] = 0x08; // RequestHeader.call_id, field 1, varint
    at = writeVarint(callId, buffer, at);
    System.arraycopy(request.headerTail(), 0, buffer, at, request.headerTail().length);
    at += request.headerTail().length;
    System.arraycopy(request.body(), 0, buffer, at, request.body().length);
    return at + request.body().length;
  }

  private static int headerSize(EncodedRequest request, int callId) {
    return 1 + CodedOutputStream.computeUInt32SizeNoTag(callId) + request.headerTail().length;
  }

  private static int writeVarint(int value, byte[] buffer, int at) {
    int rest = value;
    while ((rest & ~0x7F) != 0) {
      buffer[at++] = (byte) ((rest & 0x7F) | 0x80);
      rest >>>= 7;
    }
    buffer[at++] = (byte) rest;
    return at;
  }
}
