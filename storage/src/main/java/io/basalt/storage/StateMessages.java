package io.basalt.storage;

import io.basalt.storage.catalog.LengthPrefixed;
import io.basalt.storage.replication.AppliedIndex;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * The requests a replica catching up sends to a member of its group, and the answers, carried as Ratis read-only
 * queries (see {@link StateExports} for the member's side, {@link StateDownload} for the replica's):
 * <ol>
 *   <li>{@code START}: write out the state as it is now (asked as a linearizable query, so the state holds at least
 *       every entry committed when it arrived); answered at once with the export's id;
 *   <li>{@code STATUS}: the export's outcome, waiting for it up to a given time: still running, failed (why), or
 *       ready, with the applied index the state holds and its files' names and sizes;
 *   <li>{@code CHUNK}: up to a given length of one file from an offset;
 *   <li>{@code DONE}: the export may be deleted.
 * </ol>
 * Every request starts with a format byte; answers start with a status byte.
 */
final class StateMessages {
  static final int FORMAT = 1;
  static final int START = 1;
  static final int STATUS = 2;
  static final int CHUNK = 3;
  static final int DONE = 4;

  static final int OK = 0;
  static final int RUNNING = 1;
  static final int READY = 2;
  static final int FAILED = 3;
  static final int UNKNOWN_EXPORT = 4;

  private StateMessages() {}

  /** A decoded request; the fields its kind does not use are empty. */
  record Request(int kind, String exportId, long waitMillis, int file, long offset, int length) {}

  /** One file of an export. */
  record ExportedFile(String name, long bytes) {}

  /** An export ready to be fetched: the entry its state holds everything up to, and its files. */
  record Ready(AppliedIndex index, List<ExportedFile> files) {
    long bytes() {
      return files.stream().mapToLong(ExportedFile::bytes).sum();
    }
  }

  /** A decoded answer: its status and what that status carries. */
  record Answer(int status, String text, Ready ready, byte[] data) {}

  static byte[] start() {
    return write(out -> out.writeByte(START), true);
  }

  static byte[] status(String exportId, long waitMillis) {
    return write(out -> {
      out.writeByte(STATUS);
      out.writeUTF(exportId);
      out.writeLong(waitMillis);
    }, true);
  }

  static byte[] chunk(String exportId, int file, long offset, int length) {
    return write(out -> {
      out.writeByte(CHUNK);
      out.writeUTF(exportId);
      out.writeInt(file);
      out.writeLong(offset);
      out.writeInt(length);
    }, true);
  }

  static byte[] done(String exportId) {
    return write(out -> {
      out.writeByte(DONE);
      out.writeUTF(exportId);
    }, true);
  }

  static Request readRequest(byte[] request) throws IOException {
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(request))) {
      int format = in.readUnsignedByte();
      if (format != FORMAT) {
        throw new IOException("state request of unknown format " + format);
      }
      int kind = in.readUnsignedByte();
      Request decoded = switch (kind) {
        case START -> new Request(kind, "", 0, 0, 0, 0);
        case STATUS -> new Request(kind, in.readUTF(), in.readLong(), 0, 0, 0);
        case CHUNK -> new Request(kind, in.readUTF(), 0, in.readInt(), in.readLong(), in.readInt());
        case DONE -> new Request(kind, in.readUTF(), 0, 0, 0, 0);
        default -> throw new IOException("state request of unknown kind " + kind);
      };
      if (in.available() > 0) {
        throw new IOException("state request has trailing bytes");
      }
      return decoded;
    }
  }

  static byte[] started(String exportId) {
    return write(out -> {
      out.writeByte(OK);
      out.writeUTF(exportId);
    }, false);
  }

  static byte[] running() {
    return write(out -> out.writeByte(RUNNING), false);
  }

  static byte[] ready(Ready ready) {
    return write(out -> {
      out.writeByte(READY);
      out.write(ready.index().toBytes());
      out.writeInt(ready.files().size());
      for (ExportedFile file : ready.files()) {
        out.writeUTF(file.name());
        out.writeLong(file.bytes());
      }
    }, false);
  }

  static byte[] failed(String why) {
    return write(out -> {
      out.writeByte(FAILED);
      out.writeUTF(why.length() > 2000 ? why.substring(0, 2000) : why);
    }, false);
  }

  static byte[] unknownExport(String exportId) {
    return write(out -> {
      out.writeByte(UNKNOWN_EXPORT);
      out.writeUTF(exportId);
    }, false);
  }

  /** The first {@code length} bytes of {@code bytes}, as the answer to a {@code CHUNK} request. */
  static byte[] data(byte[] bytes, int length) {
    return ByteBuffer.allocate(1 + Integer.BYTES + length).put((byte) OK).putInt(length).put(bytes, 0, length)
        .array();
  }

  static byte[] ok() {
    return write(out -> out.writeByte(OK), false);
  }

  /** Decodes an answer to a request of {@code kind}. */
  static Answer readAnswer(int kind, byte[] answer) throws IOException {
    String record = "answer to a state request";
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(answer))) {
      int status = in.readUnsignedByte();
      Answer decoded = switch (status) {
        case OK -> switch (kind) {
          case START -> new Answer(status, in.readUTF(), null, null);
          case CHUNK -> new Answer(status, "", null, LengthPrefixed.readBytes(in, record));
          default -> new Answer(status, "", null, null);
        };
        case RUNNING -> new Answer(status, "", null, null);
        case READY -> {
          AppliedIndex index = AppliedIndex.fromBytes(in.readNBytes(2 * Long.BYTES));
          int count = LengthPrefixed.readLength(in, record);
          List<ExportedFile> files = new ArrayList<>(count);
          for (int i = 0; i < count; i++) {
            files.add(new ExportedFile(in.readUTF(), in.readLong()));
          }
          yield new Answer(status, "", new Ready(index, files), null);
        }
        case FAILED, UNKNOWN_EXPORT -> new Answer(status, in.readUTF(), null, null);
        default -> throw new IOException("answer to a state request of unknown status " + status);
      };
      if (in.available() > 0) {
        throw new IOException("answer to a state request has trailing bytes");
      }
      return decoded;
    }
  }

  @FunctionalInterface
  private interface Body {
    void write(DataOutputStream out) throws IOException;
  }

  private static byte[] write(Body body, boolean withFormat) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(64);
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
