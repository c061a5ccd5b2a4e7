package io.basalt.benchmarks.load.wire;

import java.io.IOException;
import org.apache.hadoop.hbase.shaded.protobuf.generated.RPCProtos;
import org.apache.hbase.thirdparty.com.google.protobuf.CodedInputStream;
import org.apache.hbase.thirdparty.com.google.protobuf.ExtensionRegistryLite;
import org.apache.hbase.thirdparty.com.google.protobuf.Parser;

/**
 * One response frame as read off the wire: its call id and exception from the header, and, for a checked run, the
 * response message and cell block still undecoded in {@code frame} (valid until the connection reads the next one).
 */
public final class Answer {
  private static final ExtensionRegistryLite NO_EXTENSIONS = ExtensionRegistryLite.getEmptyRegistry();

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
   * most answers, and parsing the whole header into a message would cost more than the rest of a call's handling.
   */
  static Answer parse(byte[] frame, int offset, int end) throws IOException {
    CodedInputStream in = CodedInputStream.newInstance(frame, offset, end - offset);
    int headerLength = in.readRawVarint32();
    int headerEnd = in.getTotalBytesRead() + headerLength;
    int callId = -1;
    RPCProtos.ExceptionResponse exception = null;
    int cellBlockLength = 0;
    while (in.getTotalBytesRead() < headerEnd) {
      int tag = in.readTag();
      switch (tag >>> 3) {
        case 1 -> callId = in.readUInt32();
        case 2 -> exception = in.readMessage(RPCProtos.ExceptionResponse.parser(), NO_EXTENSIONS);
        case 3 -> cellBlockLength = in.readMessage(RPCProtos.CellBlockMeta.parser(), NO_EXTENSIONS).getLength();
        default -> in.skipField(tag);
      }
    }
    return new Answer(callId, exception, frame, offset + headerEnd, end, cellBlockLength);
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
