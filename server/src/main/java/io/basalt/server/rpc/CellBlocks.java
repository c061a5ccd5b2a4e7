package io.basalt.server.rpc;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufOutputStream;
import java.io.IOException;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellScanner;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.KeyValueUtil;
import org.apache.hadoop.hbase.codec.Codec;
import org.apache.hadoop.hbase.codec.KeyValueCodec;
import org.apache.hadoop.hbase.codec.KeyValueCodecWithTags;

/**
 * Cell blocks in both directions, in the format of the KeyValue codec the client named in its connection header
 * ({@code KeyValueCodec}, the client default, or {@code KeyValueCodecWithTags}). Responses are encoded by HBase's
 * codec, so the bytes are exactly HBase's; requests are read by {@link KeyValueBlock}, which checks every length
 * before trusting it. Other codecs are refused when the connection is set up: their decoders allocate whatever
 * length the client sends.
 */
final class CellBlocks {
  private static final Set<String> SUPPORTED = Set.of(KeyValueCodec.class.getName(),
      KeyValueCodecWithTags.class.getName());

  private CellBlocks() {}

  /** The codec a client asked for, if it is one of the KeyValue codecs. */
  static Codec codec(String className) throws IOException {
    if (className.equals(KeyValueCodec.class.getName())) {
      return new KeyValueCodec();
    }
    if (className.equals(KeyValueCodecWithTags.class.getName())) {
      return new KeyValueCodecWithTags();
    }
    throw new IOException("cell block codec " + className + " is not supported; Basalt reads "
        + String.join(" or ", SUPPORTED) + " (hbase.client.rpc.codec)");
  }

  /** The cells of a request's cell block, every one checked to lie within it. */
  static CellScanner decode(Codec codec, byte[] bytes, int offset, int length) throws DoNotRetryIOException {
    return CellUtil.createCellScanner(
        KeyValueBlock.read(bytes, offset, length, codec instanceof KeyValueCodecWithTags));
  }

  /** Encodes cells into a new buffer; the caller owns (and releases) it. */
  static ByteBuf encode(ByteBufAllocator alloc, Codec codec, List<Cell> cells) throws IOException {
    boolean withTags = codec instanceof KeyValueCodecWithTags;
    int size = 0;
    for (Cell cell : cells) {
      // Each cell is its KeyValue serialization behind a 4-byte length: sized once, the buffer never regrows.
      size += Integer.BYTES + KeyValueUtil.getSerializedSize(cell, withTags);
    }
    ByteBuf block = alloc.buffer(size);
    try (ByteBufOutputStream out = new ByteBufOutputStream(block)) {
      Codec.Encoder encoder = codec.getEncoder(out);
      for (Cell cell : cells) {
        encoder.write(cell);
      }
      encoder.flush();
    } catch (IOException | RuntimeException e) {
      block.release();
      throw e;
    }
    return block;
  }
}
