package io.basalt.server.rpc;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.CompositeByteBuf;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.hadoop.hbase.shaded.protobuf.generated.RPCProtos.CellBlockMeta;
import org.apache.hadoop.hbase.shaded.protobuf.generated.RPCProtos.ExceptionResponse;
import org.apache.hadoop.hbase.shaded.protobuf.generated.RPCProtos.ResponseHeader;
import org.apache.hbase.thirdparty.com.google.protobuf.CodedOutputStream;
import org.apache.hbase.thirdparty.com.google.protobuf.Message;

/**
 * Response frames as HBase clients read them: int32 length, then the varint-delimited ResponseHeader, then the
 * varint-delimited result (absent when the header carries an exception), then the cell block whose length the
 * header announces.
 */
final class Frames {
  /** The call id of answers that belong to no call: preamble answers and connection-level errors. */
  static final int CONNECTION_CALL_ID = -1;

  private Frames() {}

  static ByteBuf response(ByteBufAllocator alloc, int callId, Message result, ByteBuf cellBlock) {
    ResponseHeader.Builder header = ResponseHeader.newBuilder().setCallId(callId);
    if (cellBlock != null && cellBlock.isReadable()) {
      header.setCellBlockMeta(CellBlockMeta.newBuilder().setLength(cellBlock.readableBytes()));
    }
    ByteBuf head = messages(alloc, header.build(), result, cellBlock == null ? 0 : cellBlock.readableBytes());
    if (cellBlock == null || !cellBlock.isReadable()) {
      if (cellBlock != null) {
        cellBlock.release();
      }
      return head;
    }
    CompositeByteBuf frame = alloc.compositeBuffer(2);
    frame.addComponents(true, head, cellBlock);
    return frame;
  }

  static ByteBuf error(ByteBufAllocator alloc, int callId, ExceptionResponse exception) {
    return messages(alloc, ResponseHeader.newBuilder().setCallId(callId).setException(exception).build(), null, 0);
  }

  /** A connection-level error whose text is exactly {@code message}, as clients sometimes match on it. */
  static ByteBuf connectionError(ByteBufAllocator alloc, Class<? extends IOException> type, String message,
      boolean doNotRetry) {
    return error(alloc, CONNECTION_CALL_ID, ExceptionResponse.newBuilder()
        .setExceptionClassName(type.getName())
        .setStackTrace(message)
        .setDoNotRetry(doNotRetry)
        .build());
  }

  /** An error answering one call, after which the connection is closed. */
  static ByteBuf connectionErrorForCall(ByteBufAllocator alloc, int callId, Class<? extends IOException> type,
      String message) {
    return error(alloc, callId, ExceptionResponse.newBuilder()
        .setExceptionClassName(type.getName())
        .setStackTrace(message)
        .setDoNotRetry(true)
        .build());
  }

  /**
   * The frame's length, then each message behind its varint size, encoded straight into the buffer (an
   * OutputStream in between would copy every message through a scratch array of its own).
   */
  private static ByteBuf messages(ByteBufAllocator alloc, Message header, Message result, int trailingBytes) {
    int headerSize = header.getSerializedSize();
    int length = CodedOutputStream.computeUInt32SizeNoTag(headerSize) + headerSize;
    int resultSize = 0;
    if (result != null) {
      resultSize = result.getSerializedSize();
      length += CodedOutputStream.computeUInt32SizeNoTag(resultSize) + resultSize;
    }
    ByteBuf buf = alloc.buffer(Integer.BYTES + length, Integer.BYTES + length);
    try {
      buf.writeInt(length + trailingBytes);
      CodedOutputStream out = CodedOutputStream.newInstance(buf.nioBuffer(Integer.BYTES, length));
      out.writeUInt32NoTag(headerSize);
      header.writeTo(out);
      if (result != null) {
        out.writeUInt32NoTag(resultSize);
        result.writeTo(out);
      }
      out.flush();
      out.checkNoSpaceLeft();
      buf.writerIndex(Integer.BYTES + length);
    } catch (IOException e) {
      buf.release();
      throw new UncheckedIOException("encoding a response of " + length + " bytes failed", e);
    } catch (RuntimeException e) {
      buf.release();
      throw e;
    }
    return buf;
  }
}
