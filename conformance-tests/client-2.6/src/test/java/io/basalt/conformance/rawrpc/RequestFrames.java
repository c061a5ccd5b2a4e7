package io.basalt.conformance.rawrpc;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import org.apache.hadoop.hbase.shaded.protobuf.generated.RPCProtos.CellBlockMeta;
import org.apache.hadoop.hbase.shaded.protobuf.generated.RPCProtos.ConnectionHeader;
import org.apache.hadoop.hbase.shaded.protobuf.generated.RPCProtos.RequestHeader;
import org.apache.hadoop.hbase.shaded.protobuf.generated.RPCProtos.UserInformation;
import org.apache.hbase.thirdparty.com.google.protobuf.CodedOutputStream;

/**
 * The bytes of HBase's RPC protocol, built piece by piece so tests can get any piece wrong: the 6-byte preamble,
 * the length-prefixed connection header, and request frames (int32 length, delimited request header, delimited
 * parameter, cell block).
 */
public final class RequestFrames {
  public static final String KEY_VALUE_CODEC = "org.apache.hadoop.hbase.codec.KeyValueCodec";

  private RequestFrames() {}

  public static byte[] preamble() {
    return new byte[] {'H', 'B', 'a', 's', 0, 80};
  }

  /** A length-prefixed connection header; {@code codec} null for a client that wants no cell blocks. */
  public static byte[] connectionHeader(String service, String codec) throws IOException {
    ConnectionHeader.Builder header = ConnectionHeader.newBuilder().setServiceName(service)
        .setUserInfo(UserInformation.newBuilder().setEffectiveUser("fuzzer"));
    if (codec != null) {
      header.setCellBlockCodecClass(codec);
    }
    return lengthPrefixed(header.build().toByteArray());
  }

  /** A request header for a call with a parameter and, when {@code cellBlockLength >= 0}, a cell block. */
  public static RequestHeader header(int callId, String method, int cellBlockLength) {
    RequestHeader.Builder header = RequestHeader.newBuilder().setCallId(callId).setMethodName(method)
        .setRequestParam(true);
    if (cellBlockLength >= 0) {
      header.setCellBlockMeta(CellBlockMeta.newBuilder().setLength(cellBlockLength));
    }
    return header.build();
  }

  /** A whole request frame: the header and parameter (raw bytes, each given its varint length) and cell block. */
  public static byte[] request(byte[] header, byte[] param, byte[] cellBlock) throws IOException {
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    delimited(body, header);
    if (param != null) {
      delimited(body, param);
    }
    if (cellBlock != null) {
      body.write(cellBlock);
    }
    return lengthPrefixed(body.toByteArray());
  }

  public static byte[] request(RequestHeader header, byte[] param, byte[] cellBlock) throws IOException {
    return request(header.toByteArray(), param, cellBlock);
  }

  public static byte[] lengthPrefixed(byte[] payload) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    out.writeInt(payload.length);
    out.write(payload);
    return bytes.toByteArray();
  }

  private static void delimited(ByteArrayOutputStream out, byte[] message) throws IOException {
    CodedOutputStream coded = CodedOutputStream.newInstance(out);
    coded.writeUInt32NoTag(message.length);
    coded.flush();
    out.write(message);
  }
}
