package io.basalt.server.rpc;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufOutputStream;
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

  private static ByteBuf messages(ByteBufAllocator alloc, Message header, Message result, int trailingBytes) {
    int headerSize = header.getSerializedSize();
    int length = CodedOutputStream.computeUInt32SizeNoTag(headerSize) + headerSize;
    if (result != null) {
      int resultSize = result.getSerializedSize();
      length += CodedOutputStream.computeUInt32SizeNoTag(resultSize) + resultSize;
    }
    ByteBuf buf = alloc.buffer(Integer.BYTES + length);
    buf.writeInt(length + trailingBytes);
    try (ByteBufOutputStream out = new ByteBufOutputStream(buf)) {
      header.writeDelimitedTo(out);
      if (result != null) {
        result.writeDelimitedTo(out);
      }
    } catch (IOException e) {
      buf.release();
      throw new UncheckedIOException("writing to a memory buffer failed", e);
    }
    return buf;
  }
}
