package io.basalt.server.rpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufInputStream;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.buffer.UnpooledByteBufAllocator;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.ScanResponse;
import org.apache.hadoop.hbase.shaded.protobuf.generated.RPCProtos.ResponseHeader;
import org.junit.jupiter.api.Test;

/** Response frames read back the way an HBase client reads them. */
class FramesTest {
  private static final List<ByteBufAllocator> ALLOCATORS =
      List.of(UnpooledByteBufAllocator.DEFAULT, PooledByteBufAllocator.DEFAULT);

  @Test
  void aResponseIsItsLengthTheDelimitedHeaderAndResultThenTheCellBlock() throws IOException {
    ScanResponse result = ScanResponse.newBuilder().setScannerId(42).setMoreResults(true)
        .addCellsPerResult(2).addPartialFlagPerResult(false).build();
    byte[] cells = {1, 2, 3, 4, 5, 6, 7};
    for (ByteBufAllocator alloc : ALLOCATORS) {
      ByteBuf frame = Frames.response(alloc, 7, result, Unpooled.wrappedBuffer(cells));
      try {
        assertEquals(frame.readableBytes() - Integer.BYTES, frame.readInt(), "length prefix");
        InputStream in = new ByteBufInputStream(frame);
        ResponseHeader header = ResponseHeader.parseDelimitedFrom(in);
        assertEquals(7, header.getCallId());
        assertEquals(cells.length, header.getCellBlockMeta().getLength());
        assertEquals(result, ScanResponse.parseDelimitedFrom(in));
        assertEquals(cells.length, frame.readableBytes());
        for (byte b : cells) {
          assertEquals(b, frame.readByte());
        }
      } finally {
        frame.release();
      }
    }
  }

  @Test
  void aResponseWithoutCellsHasNoCellBlockMeta() throws IOException {
    ScanResponse result = ScanResponse.newBuilder().setMoreResults(false).build();
    for (ByteBufAllocator alloc : ALLOCATORS) {
      ByteBuf frame = Frames.response(alloc, 3, result, null);
      try {
        assertEquals(frame.readableBytes() - Integer.BYTES, frame.readInt());
        InputStream in = new ByteBufInputStream(frame);
        ResponseHeader header = ResponseHeader.parseDelimitedFrom(in);
        assertFalse(header.hasCellBlockMeta());
        assertEquals(result, ScanResponse.parseDelimitedFrom(in));
        assertEquals(0, frame.readableBytes());
      } finally {
        frame.release();
      }
    }
  }

  @Test
  void anErrorIsAHeaderAlone() throws IOException {
    ByteBuf frame = Frames.connectionErrorForCall(UnpooledByteBufAllocator.DEFAULT, 9,
        DoNotRetryIOException.class, "no");
    try {
      assertEquals(frame.readableBytes() - Integer.BYTES, frame.readInt());
      ResponseHeader header = ResponseHeader.parseDelimitedFrom(new ByteBufInputStream(frame));
      assertEquals(9, header.getCallId());
      assertEquals(DoNotRetryIOException.class.getName(), header.getException().getExceptionClassName());
      assertTrue(header.getException().getDoNotRetry());
      assertEquals(0, frame.readableBytes());
    } finally {
      frame.release();
    }
  }
}
