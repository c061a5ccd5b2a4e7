package io.basalt.benchmarks.load.wire;

import java.io.IOException;
import org.apache.hadoop.hbase.shaded.protobuf.generated.RPCProtos;
import org.apache.hbase.thirdparty.com.google.protobuf.CodedInputStream;
import org.apache.hbase.thirdparty.com.google.protobuf.Parser;

/**
 * One response frame as read off the wire: its call id and exception from the header, and, for a checked run, the
 * response message and cell block still undecoded in {@code frame} (valid until the connection reads the next one).
 */
public final class Answer {
  private final int callId;
  private final RPCProtos.ExceptionResponse exception;
  private final byte[] frame;
  private final int bodyOffset;
  private final int bodyEnd;
  private final int cellBlockLength;

  private Answer(int callId, RPCProtos.ExceptionResponse exception, byte[] frame, int bodyOffset, int bodyEnd,
      int cellBlockLength) {
    this.callId = callId;
    this.exception = exception;
    this.frame = frame;
    this.bodyOffset = bodyOffset;
    this.bodyEnd = bodyEnd;
    this.cellBlockLength = cellBlockLength;
  }

  /**
   * Reads the ResponseHeader at {@code offset} (after the frame's length) by hand: its call id is all a run needs of
   * most answers, and a protobuf parser for each header would cost more than the rest of a call's handling. Only an
   * exception (rare) and a cell block's length (checked runs read the block) are parsed as messages.
   */
  static Answer parse(byte[] frame, int offset, int end) throws IOException {
    int[] at = {offset};
    int headerLength = varint(frame, at);
    int headerEnd = at[0] + headerLength;
    int callId = -1;
    RPCProtos.ExceptionResponse exception = null;
    int cellBlockLength = 0;
    while (at[0] < headerEnd) {
      int tag = varint(frame, at);
      int field = tag >>> 3;
      if (field == 1 && (tag & 7) == 0) {
        callId = varint(frame, at);
      } else if ((tag & 7) == 2) {
        int length = varint(frame, at);
        if (field == 2) {
          exception = RPCProtos.ExceptionResponse.parseFrom(CodedInputStream.newInstance(frame, at[0], length));
        } else if (field == 3) {
          cellBlockLength = RPCProtos.CellBlockMeta.parseFrom(CodedInputStream.newInstance(frame, at[0], length))
              .getLength();
        }
        at[0] += length;
      } else if ((tag & 7) == 0) {
        varint(frame, at);
      } else {
        throw new IOException("a response header with field " + field + " of wire type " + (tag & 7));
      }
    }
    return new Answer(callId, exception, frame, headerEnd, end, cellBlockLength);
  }

  /** The unsigned varint at {@code at[0]}, which it advances past it (as an int: call ids and lengths fit). */
  private static int varint(byte[] bytes, int[] at) throws IOException {
    int value = 0;
    for (int shift = 0; shift < 35; shift += 7) {
      byte b = bytes[at[0]++];
      value |= (b & 0x7F) << shift;
      if (b >= 0) {
        return value;
      }
    }
    throw new IOException("a malformed varint in a response header");
  }

  public int callId() {
    return callId;
  }

  /** The server's exception, or null if the call succeeded. */
  public RPCProtos.ExceptionResponse exception() {
    return exception;
  }

  /** The response message (a checked run's; copies the frame's bytes it needs). */
  public <T> T message(Parser<T> parser) throws IOException {
    CodedInputStream in = CodedInputStream.newInstance(frame, bodyOffset, bodyEnd - bodyOffset);
    int length = in.readRawVarint32();
    int start = bodyOffset + in.getTotalBytesRead();
    return parser.parseFrom(frame, start, length);
  }

  /** The answer's cell block (empty if it has none), copied out of the frame. */
  public byte[] cellBlock() {
    byte[] block = new byte[cellBlockLength];
    System.arraycopy(frame, bodyEnd - cellBlockLength, block, 0, cellBlockLength);
    return block;
  }
}
