package io.basalt.server.rpc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.hbase.ArrayBackedTag;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.Tag;
import org.apache.hadoop.hbase.codec.Codec;
import org.apache.hadoop.hbase.codec.KeyValueCodec;
import org.apache.hadoop.hbase.codec.KeyValueCodecWithTags;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

/** Request cell blocks as HBase's codecs write them are read back exactly; blocks that lie are refused whole. */
class KeyValueBlockTest {
  private static final KeyValue FIRST = new KeyValue(Bytes.toBytes("row1"), Bytes.toBytes("f"), Bytes.toBytes("q"),
      7L, Bytes.toBytes("value"));
  private static final KeyValue SECOND = new KeyValue(Bytes.toBytes("row2"), Bytes.toBytes("fam"),
      Bytes.toBytes(""), 9L, KeyValue.Type.DeleteColumn);

  @Test
  void readsWhatTheClientCodecWrites() throws IOException {
    byte[] block = encode(new KeyValueCodec(), FIRST, SECOND);
    List<Cell> cells = KeyValueBlock.read(block, 0, block.length, false);
    assertEquals(2, cells.size());
    assertTrue(CellUtil.equals(FIRST, cells.get(0)));
    assertArrayEquals(Bytes.toBytes("value"), CellUtil.cloneValue(cells.get(0)));
    assertTrue(CellUtil.equals(SECOND, cells.get(1)));
    assertEquals(KeyValue.Type.DeleteColumn.getCode(), cells.get(1).getTypeByte());
  }

  @Test
  void readsTagsWithTheTagsCodec() throws IOException {
    KeyValue tagged = new KeyValue(Bytes.toBytes("r"), Bytes.toBytes("f"), Bytes.toBytes("q"), 1L,
        Bytes.toBytes("v"), new Tag[] {new ArrayBackedTag((byte) 1, Bytes.toBytes("tag"))});
    byte[] block = encode(new KeyValueCodecWithTags(), tagged);
    Cell cell = KeyValueBlock.read(block, 0, block.length, true).get(0);
    assertEquals(tagged.getTagsLength(), cell.getTagsLength());
    assertThrows(DoNotRetryIOException.class, () -> KeyValueBlock.read(block, 0, block.length, false),
        "tags are stray bytes to the codec without tags");
  }

  @Test
  void readsOnlyItsOwnSliceOfTheFrame() throws IOException {
    byte[] block = encode(new KeyValueCodec(), FIRST);
    byte[] frame = new byte[block.length + 20];
    System.arraycopy(block, 0, frame, 10, block.length);
    assertEquals(1, KeyValueBlock.read(frame, 10, block.length, false).size());
  }

  @Test
  void refusesLengthsThatDoNotFitTheBlock() throws IOException {
    byte[] block = encode(new KeyValueCodec(), FIRST, SECOND);
    assertRefused(withInt(block, 0, Integer.MAX_VALUE), "cell length");
    assertRefused(withInt(block, 0, -5), "negative cell length");
    assertRefused(withInt(block, 4, 1 << 30), "key length");
    assertRefused(withInt(block, 8, Integer.MAX_VALUE), "value length");
    assertRefused(withInt(block, 8, -1), "negative value length");
    assertRefused(withShort(block, 12, Short.MAX_VALUE), "row length");
    assertRefused(withShort(block, 12, -1), "negative row length");
    assertRefused(withByte(block, 12 + 2 + 4, (byte) 100), "family length");
    assertRefused(Arrays.copyOf(block, block.length - 1), "truncated block");
    assertRefused(Arrays.copyOf(block, block.length + 3), "stray bytes");
  }

  @Test
  void refusesUnknownTypesAndNegativeTimestamps() throws IOException {
    byte[] block = encode(new KeyValueCodec(), FIRST);
    int keyEnd = 4 + 8 + Bytes.toInt(block, 4);
    assertRefused(withByte(block, keyEnd - 1, (byte) 3), "type code");
    assertRefused(withByte(block, keyEnd - 9, (byte) 0x80), "timestamp");
  }

  private static void assertRefused(byte[] block, String what) {
    DoNotRetryIOException e = assertThrows(DoNotRetryIOException.class,
        () -> KeyValueBlock.read(block, 0, block.length, false), what);
    assertTrue(e.getMessage().startsWith("malformed request cell block"), e.getMessage());
  }

  private static byte[] encode(Codec codec, KeyValue... cells) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Codec.Encoder encoder = codec.getEncoder(out);
    for (KeyValue cell : cells) {
      encoder.write(cell);
    }
    encoder.flush();
    return out.toByteArray();
  }

  private static byte[] withInt(byte[] block, int offset, int value) {
    byte[] copy = block.clone();
    Bytes.putInt(copy, offset, value);
    return copy;
  }

  private static byte[] withShort(byte[] block, int offset, int value) {
    byte[] copy = block.clone();
    Bytes.putShort(copy, offset, (short) value);
    return copy;
  }

  private static byte[] withByte(byte[] block, int offset, byte value) {
    byte[] copy = block.clone();
    copy[offset] = value;
    return copy;
  }
}
