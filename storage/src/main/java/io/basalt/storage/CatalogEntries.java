package io.basalt.storage;

import io.basalt.storage.catalog.CatalogCodec;
import io.basalt.storage.catalog.LengthPrefixed;
import io.basalt.storage.catalog.TableDefinition;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The Raft log entries of the catalog's group, one per change of table definitions or server properties, and the
 * answers its replicas give. Every decision is in the entry (the tablets' ids, which the leader took from its clock);
 * a new table's id is the index of the entry that creates it, the same on every replica and never used twice.
 */
final class CatalogEntries {
  static final int FORMAT = 1;
  static final int CREATE_TABLE = 1;
  static final int DROP_TABLE = 2;
  static final int REPLACE_PROPERTIES = 3;
  static final int PUT_SYSTEM_PROPERTY = 4;
  static final int RESHAPE_TABLE = 5;
  static final int REPLACE_TABLETS = 6;
  /** Changes of the snapshots; their bodies are {@link SnapshotReplication}'s. */
  static final int TAKE_SNAPSHOT = 7;
  static final int DELETE_SNAPSHOT = 8;
  static final int CLONE_SNAPSHOT = 9;
  static final int RESTORE_SNAPSHOT = 10;

  /** Answers: done, or why not (the same on every replica). */
  static final int OK = 0;
  static final int TABLE_EXISTS = 1;
  static final int UNKNOWN_TABLE = 2;
  /** A change decided against a table definition that another change has replaced since. */
  static final int CONFLICT = 3;
  static final int SNAPSHOT_EXISTS = 4;
  static final int UNKNOWN_SNAPSHOT = 5;

  private CatalogEntries() {}

  /**
   * A decoded entry: its kind, and the fields that kind uses ({@code value} is a server property's value, the note
   * of a change of a table, the tablets replaced and their successors, or the body of a change of the snapshots).
   */
  record Entry(int kind, TableDefinition table, String name, Map<String, byte[]> properties, String key,
      byte[] value) {}

  /**
   * A table to create, as a definition whose id, column family names and family sequence are not yet chosen, and
   * the caller's note (the request's nonce), empty if none: a retry of the same request is then told it succeeded.
   */
  static byte[] createTable(TableDefinition template, byte[] note) {
    return write(out -> {
      out.writeByte(CREATE_TABLE);
      LengthPrefixed.writeBytes(out, CatalogCodec.encode(template));
      LengthPrefixed.writeBytes(out, note);
    });
  }

  /**
   * A change of a table's families, tablets and properties (an alter, or a truncate): the whole definition the table
   * is to have, by id and name; a family that keeps its creation index stays (moved if its options changed), one
   * with creation index 0 is created by this entry, empty (see {@link TableLayouts#reshape}). With the caller's note,
   * as for {@link #createTable}: a retry of the same request is told it succeeded and changes nothing again.
   */
  static byte[] reshapeTable(TableDefinition target, byte[] note) {
    return write(out -> {
      out.writeByte(RESHAPE_TABLE);
      LengthPrefixed.writeBytes(out, CatalogCodec.encode(target));
      LengthPrefixed.writeBytes(out, note);
    });
  }

  /** A table to drop, with the caller's note as for {@link #createTable}. */
  static byte[] dropTable(String name, byte[] note) {
    return write(out -> {
      out.writeByte(DROP_TABLE);
      out.writeUTF(name);
      LengthPrefixed.writeBytes(out, note);
    });
  }

  /** New properties of a table, with the caller's note as for {@link #createTable}. */
  static byte[] replaceProperties(String name, Map<String, byte[]> properties, byte[] note) {
    return write(out -> {
      out.writeByte(REPLACE_PROPERTIES);
      out.writeUTF(name);
      out.writeInt(properties.size());
      for (Map.Entry<String, byte[]> property : properties.entrySet()) {
        out.writeUTF(property.getKey());
        LengthPrefixed.writeBytes(out, property.getValue());
      }
      LengthPrefixed.writeBytes(out, note);
    });
  }

  /**
   * Tablets of a table replaced by others (a split, a merge): the change as its fences in the replaced tablets' logs
   * state it ({@link TabletEntries#encodeFence}); see {@link TabletReplacements}.
   */
  static byte[] replaceTablets(String name, byte[] change) {
    return write(out -> {
      out.writeByte(REPLACE_TABLETS);
      out.writeUTF(name);
      LengthPrefixed.writeBytes(out, change);
    });
  }

  /** A change of the snapshots, {@code kind} one of {@link #TAKE_SNAPSHOT} to {@link #RESTORE_SNAPSHOT}. */
  static byte[] snapshotChange(int kind, byte[] body) {
    return write(out -> {
      out.writeByte(kind);
      LengthPrefixed.writeBytes(out, body);
    });
  }

  static byte[] putSystemProperty(String key, byte[] value) {
    return write(out -> {
      out.writeByte(PUT_SYSTEM_PROPERTY);
      out.writeUTF(key);
      LengthPrefixed.writeBytes(out, value);
    });
  }

  static Entry decode(byte[] entry) throws IOException {
    String record = "catalog log entry";
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(entry))) {
      int format = in.readUnsignedByte();
      if (format != FORMAT) {
        throw new IOException("catalog log entry of unknown format " + format);
      }
      int kind = in.readUnsignedByte();
      Entry decoded = switch (kind) {
        case CREATE_TABLE, RESHAPE_TABLE -> new Entry(kind, CatalogCodec.decode(LengthPrefixed.readBytes(in, record)),
            null, null, null, LengthPrefixed.readBytes(in, record));
        case DROP_TABLE, REPLACE_TABLETS -> new Entry(kind, null, in.readUTF(), null, null,
            LengthPrefixed.readBytes(in, record));
        case REPLACE_PROPERTIES -> {
          String name = in.readUTF();
          int count = LengthPrefixed.readLength(in, record);
          Map<String, byte[]> properties = new LinkedHashMap<>();
          for (int i = 0; i < count; i++) {
            properties.put(in.readUTF(), LengthPrefixed.readBytes(in, record));
          }
          yield new Entry(kind, null, name, properties, null, LengthPrefixed.readBytes(in, record));
        }
        case PUT_SYSTEM_PROPERTY -> new Entry(kind, null, null, null, in.readUTF(),
            LengthPrefixed.readBytes(in, record));
        case TAKE_SNAPSHOT, DELETE_SNAPSHOT, CLONE_SNAPSHOT, RESTORE_SNAPSHOT -> new Entry(kind, null, null, null, null,
            LengthPrefixed.readBytes(in, record));
        default -> throw new IOException("catalog log entry of unknown kind " + kind);
      };
      if (in.available() > 0) {
        throw new IOException("catalog log entry has trailing bytes");
      }
      return decoded;
    }
  }

  static byte[] answer(int status, String message) {
    return write(out -> {
      out.writeByte(status);
      out.writeUTF(message);
    }, false);
  }

  /** The status of an answer, and its message. */
  record Answer(int status, String message) {}

  static Answer readAnswer(byte[] answer) throws IOException {
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(answer))) {
      return new Answer(in.readUnsignedByte(), in.readUTF());
    }
  }

  @FunctionalInterface
  private interface Body {
    void write(DataOutputStream out) throws IOException;
  }

  private static byte[] write(Body body) {
    return write(body, true);
  }

  private static byte[] write(Body body, boolean withFormat) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(128);
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      if (withFormat) {
        out.writeByte(FORMAT);
      }
      body.write(out);
    } catch (IOException e) {
      throw new UncheckedIOException("in-memory stream failed", e);
    }
    return bytes.toByteArray();
  }
}
