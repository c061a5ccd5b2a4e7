package io.basalt.server.rpc;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.NoTagsKeyValue;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * A request cell block in the KeyValue codecs' format: each cell an int32 length and a KeyValue of that many bytes
 * (key length, value length, row length and row, family length and family, qualifier, timestamp, type, value, and
 * with tags a short tags length and the tags). Every length is checked against the block before a cell is made,
 * so a block that lies about its contents is refused as a whole with {@link DoNotRetryIOException}: nothing is
 * allocated from a length the client sent, and no handler sees a cell it could trip over.
 */
final class KeyValueBlock {
  /** Key length, value length, row length, family length, timestamp and type: the smallest KeyValue. */
  private static final int FIXED_BYTES = 2 * Integer.BYTES + Short.BYTES + 1 + Long.BYTES + 1;
  /** Row length, family length, timestamp and type: the parts of a key besides row, family and qualifier. */
  private static final int KEY_FIXED_BYTES = Short.BYTES + 1 + Long.BYTES + 1;

  private KeyValueBlock() {}

  /** The cells of {@code length} bytes at {@code offset}, which must hold whole, well-formed KeyValues only. */
  static List<Cell> read(byte[] bytes, int offset, int length, boolean withTags) throws DoNotRetryIOException {
    List<Cell> cells = new ArrayList<>();
    int position = offset;
    int end = offset + length;
    while (position < end) {
      if (end - position < Integer.BYTES) {
        throw malformed(cells.size(), (end - position) + " stray bytes at the end of the cell block");
      }
      int cellLength = Bytes.toInt(bytes, position);
      position += Integer.BYTES;
      if (cellLength < FIXED_BYTES || cellLength > end - position) {
        throw malformed(cells.size(), "length " + cellLength + " with " + (end - position)
            + " bytes left in the block");
      }
      checkLayout(bytes, position, cellLength, withTags, cells.size());
      cells.add(withTags ? new KeyValue(bytes, position, cellLength)
          : new NoTagsKeyValue(bytes, position, cellLength));
      position += cellLength;
    }
    return cells;
  }

  private static void checkLayout(byte[] bytes, int start, int length, boolean withTags, int index)
      throws DoNotRetryIOException {
    int keyLength = Bytes.toInt(bytes, start);
    int valueLength = Bytes.toInt(bytes, start + Integer.BYTES);
    int keyStart = start + 2 * Integer.BYTES;
    int kvBytes = 2 * Integer.BYTES;
    if (keyLength < KEY_FIXED_BYTES || valueLength < 0
        || (long) kvBytes + keyLength + valueLength > length) {
      throw malformed(index, "key length " + keyLength + " and value length " + valueLength + " do not fit its "
          + length + " bytes");
    }
    int rowLength = Bytes.toShort(bytes, keyStart);
    if (rowLength < 0 || KEY_FIXED_BYTES + rowLength > keyLength) {
      throw malformed(index, "row length " + rowLength + " does not fit the key length " + keyLength);
    }
    int familyLength = bytes[keyStart + Short.BYTES + rowLength];
    if (familyLength < 0 || KEY_FIXED_BYTES + rowLength + familyLength > keyLength) {
      throw malformed(index, "family length " + familyLength + " does not fit the key length " + keyLength);
    }
    long timestamp = Bytes.toLong(bytes, keyStart + keyLength - Long.BYTES - 1);
    if (timestamp < 0) {
      throw malformed(index, "negative timestamp " + timestamp);
    }
    byte type = bytes[keyStart + keyLength - 1];
    if (!isKnownType(type)) {
      throw malformed(index, "unknown type code " + type);
    }
    int tail = length - kvBytes - keyLength - valueLength;
    if (tail == 0) {
      return;
    }
    if (!withTags) {
      throw malformed(index, tail + " bytes after its value");
    }
    checkTags(bytes, start + kvBytes + keyLength + valueLength, tail, index);
  }

  /** The tags area: a short giving its length, then tags of a short length (at least 1, the type) each. */
  private static void checkTags(byte[] bytes, int start, int length, int index) throws DoNotRetryIOException {
    int tagsLength = length < Short.BYTES ? -1 : Bytes.toShort(bytes, start) & 0xFFFF;
    if (tagsLength != length - Short.BYTES) {
      throw malformed(index, "tags that do not fill the " + length + " bytes after its value");
    }
    int position = start + Short.BYTES;
    int end = start + length;
    while (position < end) {
      int tagLength = end - position < Short.BYTES ? -1 : Bytes.toShort(bytes, position) & 0xFFFF;
      if (tagLength < 1 || tagLength > end - position - Short.BYTES) {
        throw malformed(index, "a tag whose length does not fit its tags");
      }
      position += Short.BYTES + tagLength;
    }
  }

  private static boolean isKnownType(byte code) {
    for (KeyValue.Type type : KeyValue.Type.values()) {
      if (type.getCode() == code) {
        return true;
      }
    }
    return false;
  }

  private static DoNotRetryIOException malformed(int index, String problem) {
    return new DoNotRetryIOException("malformed request cell block: cell " + index + " has " + problem);
  }
}
