package io.basalt.server.rpc;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufOutputStream;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellScanner;
import org.apache.hadoop.hbase.codec.Codec;

/**
 * Cell blocks in both directions, encoded and decoded by the HBase codec the client named in its connection header
 * ({@code KeyValueCodec} by default), so the bytes are exactly HBase's.
 */
final class CellBlocks {
  private CellBlocks() {}

  /** Instantiates the codec class a client asked for; it must be an HBase {@link Codec} on Basalt's classpath. */
  static Codec codec(String className) throws IOException {
    Class<?> type;
    try {
      type = Class.forName(className, true, CellBlocks.class.getClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      throw new IOException("cell block codec " + className + " is not available on this server");
    }
    if (!Codec.class.isAssignableFrom(type)) {
      throw new IOException(className + " is not an HBase cell codec");
    }
    try {
      return (Codec) type.getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException | RuntimeException e) {
      throw new IOException("cannot instantiate cell block codec " + className + ": " + e);
    }
  }

  static CellScanner decoder(Codec codec, byte[] bytes, int offset, int length) {
    return codec.getDecoder(new ByteArrayInputStream(bytes, offset, length));
  }

  /** Encodes cells into a new buffer; the caller owns (and releases) it. */
  static ByteBuf encode(ByteBufAllocator alloc, Codec codec, List<Cell> cells) throws IOException {
    ByteBuf block = alloc.buffer();
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
