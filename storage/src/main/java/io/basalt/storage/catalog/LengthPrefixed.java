package io.basalt.storage.catalog;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.Map;
import java.util.TreeMap;

/**
 * Length-prefixed fields of Basalt's own records (catalog entries, snapshot manifests). A length beyond any record
 * Basalt writes means the record is corrupt, and is reported as such rather than allocated.
 */
public final class LengthPrefixed {
  private static final int MAX_LENGTH = 64 << 20;

  private LengthPrefixed() {}

  public static void writeBytes(DataOutputStream out, byte[] bytes) throws IOException {
    out.writeInt(bytes.length);
    out.write(bytes);
  }

  /** @param record what is being read, for the error when it is corrupt */
  public static byte[] readBytes(DataInputStream in, String record) throws IOException {
    byte[] bytes = new byte[readLength(in, record)];
    in.readFully(bytes);
    return bytes;
  }

  /** Writes a map of names to values, in its iteration order. */
  public static void writeMap(DataOutputStream out, Map<String, byte[]> map) throws IOException {
    out.writeInt(map.size());
    for (Map.Entry<String, byte[]> entry : map.entrySet()) {
      out.writeUTF(entry.getKey());
      writeBytes(out, entry.getValue());
    }
  }

  /** Reads a map {@link #writeMap} wrote, sorted by name. */
  public static Map<String, byte[]> readMap(DataInputStream in, String record) throws IOException {
    int count = readLength(in, record);
    Map<String, byte[]> map = new TreeMap<>();
    for (int i = 0; i < count; i++) {
      map.put(in.readUTF(), readBytes(in, record));
    }
    return map;
  }

  /** A length or count, checked to be one Basalt could have written. */
  public static int readLength(DataInputStream in, String record) throws IOException {
    int length = in.readInt();
    if (length < 0 || length > MAX_LENGTH) {
      throw new IOException("corrupt " + record + ": length " + length);
    }
    return length;
  }
}
