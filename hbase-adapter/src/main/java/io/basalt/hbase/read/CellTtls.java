package io.basalt.hbase.read;

import java.util.List;
import java.util.Optional;
import org.apache.hadoop.hbase.ArrayBackedTag;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.PrivateCellUtil;
import org.apache.hadoop.hbase.Tag;
import org.apache.hadoop.hbase.TagType;
import org.apache.hadoop.hbase.TagUtil;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Per-cell TTLs ({@code Mutation.setTTL}, the {@code _ttl} attribute) and how a cell carrying one is stored.
 *
 * <p>HBase keeps a put's TTL (milliseconds, relative to the cell's timestamp) in a TTL tag on the cell. Basalt
 * stores cells as a key and raw value bytes, with nowhere for a tag, so a put with a TTL is stored under the type
 * code {@link #TTL_PUT} instead of Put's 4, its value prefixed with the TTL as 8 big-endian bytes. Code 3 is not a
 * KeyValue type, and its key sorts right after the Put key of the same coordinates, so every other stored type keeps
 * its place (delete markers still come first). Every reader maps it back: to a Put whose value lacks the prefix and
 * which carries the TTL as HBase's tag, as HBase's own cells do (the KeyValue codec clients use by default leaves
 * tags out of responses). Families without cell TTLs store and read exactly as before.
 */
public final class CellTtls {
  /** The stored type of a put with its own TTL. */
  public static final int TTL_PUT = 3;
  /** What HBase's {@code Mutation.getTTL()} says of a mutation without a TTL: none. */
  public static final long NONE = Long.MAX_VALUE;
  /** The mutation attribute the client's {@code setTTL} sets (private in HBase's Mutation). */
  static final String ATTRIBUTE = "_ttl";
  private static final int PREFIX_BYTES = Long.BYTES;
  private static final byte PUT = KeyValue.Type.Put.getCode();

  private CellTtls() {}

  /**
   * The TTL a mutation gives its cells, {@link #NONE} without one. HBase reads the attribute as an 8-byte long; any
   * other length is refused here rather than failing the whole call with an unchecked exception as HBase 2.6 does.
   */
  public static long of(Mutation mutation) throws DoNotRetryIOException {
    byte[] ttl = mutation.getAttribute(ATTRIBUTE);
    if (ttl == null) {
      return NONE;
    }
    if (ttl.length != Long.BYTES) {
      throw new DoNotRetryIOException("the " + ATTRIBUTE + " attribute must be an 8-byte long, not "
          + ttl.length + " bytes");
    }
    return Bytes.toLong(ttl);
  }

  /**
   * Whether the mutation carries a well-formed TTL. One that is malformed is refused when its cells are made, as
   * that mutation's own failure, without failing others it travels with.
   */
  public static boolean hasTtl(Mutation mutation) {
    byte[] ttl = mutation.getAttribute(ATTRIBUTE);
    return ttl != null && ttl.length == Long.BYTES && Bytes.toLong(ttl) != NONE;
  }

  /**
   * Whether a cell written at {@code timestamp} with this TTL has expired at {@code nowMillis}: as HBase decides it,
   * once timestamp + TTL is before now. A sum past {@code Long.MAX_VALUE} never expires (HBase 2.6 adds the two as
   * longs and wraps, calling such a cell expired at once).
   */
  public static boolean expired(long timestamp, long ttl, long nowMillis) {
    if (ttl == NONE) {
      return false;
    }
    long expiry = timestamp + ttl;
    boolean wrapped = ttl > 0 && expiry < timestamp;
    return !wrapped && expiry < nowMillis;
  }

  /** The type a reader sees for a stored type: Put for {@link #TTL_PUT}, the type itself otherwise. */
  public static byte readType(int storedType) {
    return storedType == TTL_PUT ? PUT : (byte) storedType;
  }

  /** The value stored for a put with a TTL. */
  public static byte[] storedValue(long ttl, byte[] value) {
    byte[] stored = new byte[PREFIX_BYTES + value.length];
    Bytes.putLong(stored, 0, ttl);
    System.arraycopy(value, 0, stored, PREFIX_BYTES, value.length);
    return stored;
  }

  /** The TTL at the front of a {@link #TTL_PUT}'s stored value. */
  public static long storedTtl(byte[] storedValue) {
    return Bytes.toLong(storedValue, 0, PREFIX_BYTES);
  }

  /** Where the cell's own value starts in a {@link #TTL_PUT}'s stored value. */
  public static int valueOffset() {
    return PREFIX_BYTES;
  }

  /** HBase's TTL tag, alone in a list. */
  public static List<Tag> tagList(long ttl) {
    return List.of(new ArrayBackedTag(TagType.TTL_TAG_TYPE, Bytes.toBytes(ttl)));
  }

  /** HBase's serialized tags holding one TTL tag. */
  public static byte[] tags(long ttl) {
    return TagUtil.fromList(tagList(ttl));
  }

  /** The TTL a cell's tag gives it (the first TTL tag, as HBase's scanners read it), {@link #NONE} without one. */
  public static long of(Cell cell) {
    if (cell.getTagsLength() == 0) {
      return NONE;
    }
    Optional<Tag> tag = PrivateCellUtil.getTag(cell, TagType.TTL_TAG_TYPE);
    return tag.isPresent() ? Tag.getValueAsLong(tag.get()) : NONE;
  }
}
