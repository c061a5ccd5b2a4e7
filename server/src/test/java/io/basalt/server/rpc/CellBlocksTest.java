package io.basalt.server.rpc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufInputStream;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.UnpooledByteBufAllocator;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.ArrayBackedTag;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.IndividualBytesFieldCell;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.NoTagsByteBufferKeyValue;
import org.apache.hadoop.hbase.Tag;
import org.apache.hadoop.hbase.codec.Codec;
import org.apache.hadoop.hbase.codec.KeyValueCodec;
import org.apache.hadoop.hbase.codec.KeyValueCodecWithTags;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

/** Response cell blocks are HBase's codec output, byte for byte, in a buffer sized exactly for it. */
class CellBlocksTest {
  private static final List<Cell> CELLS = List.of(
      new KeyValue(Bytes.toBytes("row1"), Bytes.toBytes("f"), Bytes.toBytes("q"), 7L, new byte[1000]),
      new KeyValue(Bytes.toBytes("row2"), Bytes.toBytes("fam"), Bytes.toBytes(""), 9L, KeyValue.Type.DeleteColumn),
      new KeyValue(Bytes.toBytes("row3"), Bytes.toBytes("f"), Bytes.toBytes("tagged"), 3L, Bytes.toBytes("v"),
          new Tag[] {new ArrayBackedTag((byte) 1, Bytes.toBytes("tag"))}));

  @Test
  void writesExactlyTheBytesOfTheClientCodecsEncoder() throws IOException {
    List<Cell> cells = new ArrayList<>(CELLS);
    // A cell that is not a KeyValue (an ExtendedCell of another layout) is serialized by its parts.
    KeyValue plain = new KeyValue(Bytes.toBytes("row4"), Bytes.toBytes("f"), Bytes.toBytes("q4"), 11L,
        Bytes.toBytes("value4"));
    cells.add(new NoTagsByteBufferKeyValue(ByteBuffer.wrap(plain.getBuffer()), plain.getOffset(), plain.getLength()));
    // The cells reads produce, sized without the interface test.
    cells.add(new IndividualBytesFieldCell(Bytes.toBytes("row5"), Bytes.toBytes("f"), Bytes.toBytes("q5"), 12L,
        KeyValue.Type.Put, Bytes.toBytes("value5")));
    for (Codec codec : List.of(new KeyValueCodec(), new KeyValueCodecWithTags())) {
      ByteArrayOutputStream expected = new ByteArrayOutputStream();
      Codec.Encoder encoder = codec.getEncoder(expected);
      for (Cell cell : cells) {
        encoder.write(cell);
      }
      encoder.flush();
      for (ByteBufAllocator alloc : List.of(UnpooledByteBufAllocator.DEFAULT, PooledByteBufAllocator.DEFAULT)) {
        ByteBuf block = CellBlocks.encode(alloc, codec, cells);
        try {
          assertArrayEquals(expected.toByteArray(), ByteBufUtil.getBytes(block), codec + " on " + alloc);
        } finally {
          block.release();
        }
      }
    }
  }

  @Test
  void encodesWhatTheClientCodecReadsWithoutRegrowingTheBuffer() throws IOException {
    for (Codec codec : List.of(new KeyValueCodec(), new KeyValueCodecWithTags())) {
      ByteBuf block = CellBlocks.encode(UnpooledByteBufAllocator.DEFAULT, codec, CELLS);
      try {
        assertEquals(block.capacity(), block.writerIndex(), codec + " block not sized exactly");
        List<Cell> decoded = new ArrayList<>();
        Codec.Decoder decoder = codec.getDecoder(new ByteBufInputStream(block.duplicate()));
        while (decoder.advance()) {
          decoded.add(decoder.current());
        }
        assertEquals(CELLS.size(), decoded.size());
        for (int i = 0; i < CELLS.size(); i++) {
          assertEquals(0, CellComparator.getInstance().compare(CELLS.get(i), decoded.get(i)));
          assertTrue(CellUtil.matchingValue(CELLS.get(i), decoded.get(i)));
          int expectedTags = codec instanceof KeyValueCodecWithTags ? CELLS.get(i).getTagsLength() : 0;
          assertEquals(expectedTags, decoded.get(i).getTagsLength());
        }
      } finally {
        block.release();
      }
    }
  }
}
