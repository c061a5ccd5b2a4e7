package io.basalt.storage;

import io.basalt.storage.data.RowMutation;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.ratis.thirdparty.com.google.protobuf.CodedInputStream;
import org.apache.ratis.thirdparty.com.google.protobuf.CodedOutputStream;

/**
 * The Raft log entries of a tablet's group: the row mutations of one write, exactly as the leader decided them
 * (timestamps, counter values and delete markers included), so every replica applies the same cells. Written with
 * protobuf's coded streams (varints, length-prefixed bytes) from the copy Ratis ships, sized exactly first so an
 * entry is one array.
 */
final class TabletEntries {
  static final int FORMAT = 1;
  private static final int WRITE = 1;

  private TabletEntries() {}

  /**
   * One write: the table, the catalog entry it was decided against, its row mutations, and the writer's note that
   * every replica passes on (the layer above's idempotency keys), empty if none.
   */
  record Write(long tableId, long catalogIndex, List<RowMutation> mutations, byte[] note) {}

  static byte[] encodeWrite(long tableId, long catalogIndex, List<RowMutation> mutations, byte[] note) {
    int size = CodedOutputStream.computeUInt32SizeNoTag(FORMAT) + CodedOutputStream.computeUInt32SizeNoTag(WRITE)
        + CodedOutputStream.computeInt64SizeNoTag(tableId) + CodedOutputStream.computeInt64SizeNoTag(catalogIndex)
        + CodedOutputStream.computeByteArraySizeNoTag(note)
        + CodedOutputStream.computeUInt32SizeNoTag(mutations.size());
    for (RowMutation mutation : mutations) {
      size += CodedOutputStream.computeByteArraySizeNoTag(mutation.row())
          + CodedOutputStream.computeUInt32SizeNoTag(mutation.cells().size())
          + CodedOutputStream.computeUInt32SizeNoTag(mutation.erasures().size());
      for (RowMutation.CellWrite cell : mutation.cells()) {
        size += coordinatesSize(cell.family(), cell.qualifier(), cell.timestamp(), cell.type())
            + CodedOutputStream.computeByteArraySizeNoTag(cell.value());
      }
      for (RowMutation.CellErasure cell : mutation.erasures()) {
        size += coordinatesSize(cell.family(), cell.qualifier(), cell.timestamp(), cell.type());
      }
    }
    byte[] entry = new byte[size];
    CodedOutputStream out = CodedOutputStream.newInstance(entry);
    try {
      out.writeUInt32NoTag(FORMAT);
      out.writeUInt32NoTag(WRITE);
      out.writeInt64NoTag(tableId);
      out.writeInt64NoTag(catalogIndex);
      out.writeByteArrayNoTag(note);
      out.writeUInt32NoTag(mutations.size());
      for (RowMutation mutation : mutations) {
        out.writeByteArrayNoTag(mutation.row());
        out.writeUInt32NoTag(mutation.cells().size());
        for (RowMutation.CellWrite cell : mutation.cells()) {
          writeCoordinates(out, cell.family(), cell.qualifier(), cell.timestamp(), cell.type());
          out.writeByteArrayNoTag(cell.value());
        }
        out.writeUInt32NoTag(mutation.erasures().size());
        for (RowMutation.CellErasure cell : mutation.erasures()) {
          writeCoordinates(out, cell.family(), cell.qualifier(), cell.timestamp(), cell.type());
        }
      }
      out.checkNoSpaceLeft();
    } catch (IOException e) {
      throw new IllegalStateException("entry size computed wrongly", e);
    }
    return entry;
  }

  static Write decode(byte[] entry) throws IOException {
    CodedInputStream in = CodedInputStream.newInstance(entry);
    int format = in.readUInt32();
    if (format != FORMAT) {
      throw new IOException("tablet log entry of unknown format " + format);
    }
    int kind = in.readUInt32();
    if (kind != WRITE) {
      throw new IOException("tablet log entry of unknown kind " + kind);
    }
    long tableId = in.readInt64();
    long catalogIndex = in.readInt64();
    byte[] note = in.readByteArray();
    int count = in.readUInt32();
    List<RowMutation> mutations = new ArrayList<>(Math.min(count, 1024));
    for (int i = 0; i < count; i++) {
      RowMutation.Builder mutation = RowMutation.forRow(in.readByteArray());
      int cells = in.readUInt32();
      for (int c = 0; c < cells; c++) {
        byte[] family = in.readByteArray();
        byte[] qualifier = in.readByteArray();
        long timestamp = in.readInt64();
        int type = in.readUInt32();
        mutation.add(family, qualifier, timestamp, type, in.readByteArray());
      }
      int erasures = in.readUInt32();
      for (int c = 0; c < erasures; c++) {
        mutation.erase(in.readByteArray(), in.readByteArray(), in.readInt64(), in.readUInt32());
      }
      mutations.add(mutation.build());
    }
    if (!in.isAtEnd()) {
      throw new IOException("tablet log entry has trailing bytes");
    }
    return new Write(tableId, catalogIndex, mutations, note);
  }

  private static int coordinatesSize(byte[] family, byte[] qualifier, long timestamp, int type) {
    return CodedOutputStream.computeByteArraySizeNoTag(family) + CodedOutputStream.computeByteArraySizeNoTag(qualifier)
        + CodedOutputStream.computeInt64SizeNoTag(timestamp) + CodedOutputStream.computeUInt32SizeNoTag(type);
  }

  private static void writeCoordinates(CodedOutputStream out, byte[] family, byte[] qualifier, long timestamp,
      int type) throws IOException {
    out.writeByteArrayNoTag(family);
    out.writeByteArrayNoTag(qualifier);
    out.writeInt64NoTag(timestamp);
    out.writeUInt32NoTag(type);
  }
}
