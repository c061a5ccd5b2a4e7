package io.basalt.hbase.schema;

import io.basalt.storage.Table;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Which families of a table have ever held a put with its own TTL, kept in the storage table's properties.
 *
 * <p>Such a put is stored under a key of its own type ({@link io.basalt.hbase.read.CellTtls}), beside where a plain
 * put of the same coordinates goes. For one write of a (row, family, qualifier, timestamp) to replace another, as in
 * HBase, each write erases the other kind's key: a put with a TTL always, a plain put only in a family recorded
 * here. The record is written, synced, before a family's first such put, and a plain put reads it under its row
 * lock from the table's current definition, so it either sees the record or runs wholly before that first put.
 * Families never recorded write exactly as before, one key per cell and no erasure.
 */
public final class CellTtlFamilies {
  public static final String PROPERTY = "basalt.cell-ttl.families";

  private CellTtlFamilies() {}

  /** Whether the family has been recorded, in the table's definition as it is now. */
  public static boolean held(Table storage, byte[] family) {
    byte[] recorded = storage.definition().properties().get(PROPERTY);
    if (recorded == null) {
      return false;
    }
    // Walked in place: a plain put in a recorded family asks this once per cell.
    for (int pos = 0; pos < recorded.length; ) {
      int length = Bytes.toInt(recorded, pos);
      pos += Integer.BYTES;
      if (Bytes.equals(recorded, pos, length, family, 0, family.length)) {
        return true;
      }
      pos += length;
    }
    return false;
  }

  /** The properties with these families recorded too; the same map when they all already are. */
  public static Map<String, byte[]> with(Map<String, byte[]> properties, Collection<byte[]> families) {
    byte[] recorded = properties.get(PROPERTY);
    List<byte[]> names = recorded == null ? new ArrayList<>() : decode(recorded);
    int before = names.size();
    for (byte[] family : families) {
      if (names.stream().noneMatch(name -> Arrays.equals(name, family))) {
        names.add(family);
      }
    }
    if (names.size() == before) {
      return properties;
    }
    Map<String, byte[]> next = new HashMap<>(properties);
    next.put(PROPERTY, encode(names));
    return next;
  }

  /** {@code into} with the record {@code from} holds, if any: what every rewrite of a table's properties keeps. */
  public static Map<String, byte[]> carried(Map<String, byte[]> into, Map<String, byte[]> from) {
    byte[] recorded = from.get(PROPERTY);
    if (recorded != null) {
      into.put(PROPERTY, recorded);
    }
    return into;
  }

  private static byte[] encode(List<byte[]> names) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] name : names) {
      out.writeBytes(Bytes.toBytes(name.length));
      out.writeBytes(name);
    }
    return out.toByteArray();
  }

  private static List<byte[]> decode(byte[] recorded) {
    List<byte[]> names = new ArrayList<>();
    int pos = 0;
    while (pos < recorded.length) {
      int length = Bytes.toInt(recorded, pos);
      pos += Integer.BYTES;
      names.add(Arrays.copyOfRange(recorded, pos, pos + length));
      pos += length;
    }
    return names;
  }
}
