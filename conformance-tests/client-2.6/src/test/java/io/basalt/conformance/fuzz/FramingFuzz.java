package io.basalt.conformance.fuzz;

import io.basalt.conformance.rawrpc.RawRpcConnection;
import io.basalt.conformance.rawrpc.RequestFrames;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.util.Arrays;
import java.util.Random;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.shaded.protobuf.RequestConverter;
import org.apache.hadoop.hbase.util.Bytes;

/** Bad framing: pieces that stop short, lengths beyond the limit, request headers that do not parse. */
final class FramingFuzz {
  private FramingFuzz() {}

  /**
   * A preamble, connection header or request frame cut short, after which the client either says it is done
   * (Basalt closes without a word) or resets the connection.
   */
  static void truncated(FuzzTarget target, Random random) throws Exception {
    byte[] header = RequestFrames.connectionHeader("ClientService", RequestFrames.KEY_VALUE_CODEC);
    byte[] frame = getFrame(target, random.nextInt(1 << 20));
    byte[] sent = switch (random.nextInt(3)) {
      case 0 -> Arrays.copyOf(RequestFrames.preamble(), 1 + random.nextInt(5));
      case 1 -> concat(RequestFrames.preamble(), Arrays.copyOf(header, 1 + random.nextInt(header.length - 1)));
      default -> concat(RequestFrames.preamble(), header, Arrays.copyOf(frame, 1 + random.nextInt(frame.length - 1)));
    };
    RawRpcConnection connection = target.connect();
    try {
      connection.send(sent);
      if (random.nextInt(4) == 0) {
        connection.abort();
        return;
      }
      connection.finishSending();
      Expect.closedSilently(connection);
    } finally {
      connection.close();
    }
  }

  /**
   * A frame length beyond hbase.ipc.max.request.size, up to 2 GiB, followed by a real request header: Basalt
   * answers RequestTooBigException under the call's id without reading (or allocating) the rest, and closes. A
   * negative length is a FatalConnectionException.
   */
  static void oversized(FuzzTarget target, Random random) throws Exception {
    boolean negative = random.nextInt(5) == 0;
    int length = negative ? Integer.MIN_VALUE + random.nextInt(Integer.MAX_VALUE)
        : target.maxRequestSize() + 1 + random.nextInt(Integer.MAX_VALUE - target.maxRequestSize() - 1);
    int callId = random.nextInt(Integer.MAX_VALUE);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    out.writeInt(length);
    RequestFrames.header(callId, random.nextBoolean() ? "Multi" : "Mutate", -1).writeDelimitedTo(out);
    byte[] start = new byte[random.nextInt(1000)];
    random.nextBytes(start);
    out.write(start);
    try (RawRpcConnection connection = target.connect("ClientService", RequestFrames.KEY_VALUE_CODEC)) {
      connection.send(bytes.toByteArray());
      if (negative) {
        Expect.connectionError(connection, Expect.FATAL);
      } else {
        Expect.callError(connection, callId, "org.apache.hadoop.hbase.exceptions.RequestTooBigException");
        Expect.closed(connection);
      }
    }
  }

  /**
   * A frame whose request header cannot be read: an invalid protobuf tag, a length prefix larger than the frame,
   * an over-long length prefix or nothing at all. With no call id to answer, Basalt sends a connection error and
   * closes.
   */
  static void malformedHeader(FuzzTarget target, Random random) throws Exception {
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    switch (random.nextInt(4)) {
      case 0 -> {
        byte[] header = new byte[1 + random.nextInt(100)];
        random.nextBytes(header);
        // Wire types 6 and 7 do not exist, and field number 0 is never valid: either way the parse must fail.
        header[0] = (byte) (random.nextBoolean() ? ((1 + random.nextInt(15)) << 3) | (6 + random.nextInt(2)) : 0);
        body.write(header.length);
        body.writeBytes(header);
      }
      case 1 -> {
        byte[] rest = new byte[random.nextInt(100)];
        random.nextBytes(rest);
        body.write(0x80 | (rest.length + 1 + random.nextInt(100)) & 0x7F);
        body.write(1 + random.nextInt(100));
        body.writeBytes(rest);
      }
      case 2 -> {
        for (int i = 0; i < 5 + random.nextInt(5); i++) {
          body.write(0x80 | random.nextInt(128));
        }
      }
      default -> {
        // An empty frame: not even a header length.
      }
    }
    try (RawRpcConnection connection = target.connect("ClientService", RequestFrames.KEY_VALUE_CODEC)) {
      connection.send(RequestFrames.lengthPrefixed(body.toByteArray()));
      Expect.connectionError(connection, Expect.FATAL);
    }
  }

  /** A well-formed Get request frame for the fuzz table. */
  static byte[] getFrame(FuzzTarget target, int callId) throws Exception {
    byte[] param = RequestConverter.buildGetRequest(target.paramsRegion(), new Get(Bytes.toBytes("probe")))
        .toByteArray();
    return RequestFrames.request(RequestFrames.header(callId, "Get", -1), param, null);
  }

  static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] part : parts) {
      out.writeBytes(part);
    }
    return out.toByteArray();
  }
}
