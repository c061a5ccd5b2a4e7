package io.basalt.storage;

import io.basalt.storage.catalog.TabletDefinition;
import io.basalt.storage.data.RowMutation;
import io.basalt.storage.errors.WriteTooLargeException;
import io.basalt.storage.keys.ByteArrays;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
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
  private static final int FENCE = 2;
  private static final int LIFT_FENCE = 3;
  private static final int ERASE_ROWS = 4;
  private static final int FLUSH = 5;
  private static final int SNAPSHOT_PART = 6;

  /** A replica's answer to a write appended after its tablet's fence: not applied. */
  static final byte[] FENCED = {1};
  /** Answers to a fence: raised (now or by an earlier entry of the same change), refused, lifted. */
  static final byte[] FENCE_RAISED = {0};
  static final byte[] FENCE_CONFLICT = {2};
  static final byte[] FENCE_LIFTED = {3};

  private TabletEntries() {}

  /** An entry of a tablet's log. */
  sealed interface Entry permits Write, Fence, EraseRows, Flush, SnapshotPart {}

  /**
   * The tablet's rows, in every family, written out on every replica at this point of the tablet's log, as its part
   * of snapshot {@code snapshotId} (named {@code name}) of the table; see {@link SnapshotReplication}.
   */
  record SnapshotPart(long tableId, String snapshotId, String name) implements Entry {}

  static byte[] encodeSnapshotPart(SnapshotPart part) {
    byte[] id = part.snapshotId().getBytes(StandardCharsets.UTF_8);
    byte[] name = part.name().getBytes(StandardCharsets.UTF_8);
    int size = CodedOutputStream.computeUInt32SizeNoTag(FORMAT)
        + CodedOutputStream.computeUInt32SizeNoTag(SNAPSHOT_PART)
        + CodedOutputStream.computeInt64SizeNoTag(part.tableId()) + CodedOutputStream.computeByteArraySizeNoTag(id)
        + CodedOutputStream.computeByteArraySizeNoTag(name);
    byte[] entry = new byte[size];
    CodedOutputStream out = CodedOutputStream.newInstance(entry);
    try {
      out.writeUInt32NoTag(FORMAT);
      out.writeUInt32NoTag(SNAPSHOT_PART);
      out.writeInt64NoTag(part.tableId());
      out.writeByteArrayNoTag(id);
      out.writeByteArrayNoTag(name);
      out.checkNoSpaceLeft();
    } catch (IOException e) {
      throw new IllegalStateException("entry size computed wrongly", e);
    }
    return entry;
  }

  /**
   * The table's memtables written out to files on every replica at this point of the tablet's log: what a flush
   * judged and erased before it stays judged on each replica, and what comes after it is judged by the next one.
   */
  record Flush(long tableId) implements Entry {}

  static byte[] encodeFlush(Flush flush) {
    int size = CodedOutputStream.computeUInt32SizeNoTag(FORMAT) + CodedOutputStream.computeUInt32SizeNoTag(FLUSH)
        + CodedOutputStream.computeInt64SizeNoTag(flush.tableId());
    byte[] entry = new byte[size];
    CodedOutputStream out = CodedOutputStream.newInstance(entry);
    try {
      out.writeUInt32NoTag(FORMAT);
      out.writeUInt32NoTag(FLUSH);
      out.writeInt64NoTag(flush.tableId());
      out.checkNoSpaceLeft();
    } catch (IOException e) {
      throw new IllegalStateException("entry size computed wrongly", e);
    }
    return entry;
  }

  /** Every cell of rows {@code [lowRow, highRow)} of the tablet erased (a region's truncation); bounds inside it. */
  record EraseRows(long tableId, byte[] lowRow, byte[] highRow) implements Entry {}

  static byte[] encodeEraseRows(EraseRows erase) {
    int size = CodedOutputStream.computeUInt32SizeNoTag(FORMAT) + CodedOutputStream.computeUInt32SizeNoTag(ERASE_ROWS)
        + CodedOutputStream.computeInt64SizeNoTag(erase.tableId())
        + CodedOutputStream.computeByteArraySizeNoTag(erase.lowRow())
        + CodedOutputStream.computeByteArraySizeNoTag(erase.highRow());
    byte[] entry = new byte[size];
    CodedOutputStream out = CodedOutputStream.newInstance(entry);
    try {
      out.writeUInt32NoTag(FORMAT);
      out.writeUInt32NoTag(ERASE_ROWS);
      out.writeInt64NoTag(erase.tableId());
      out.writeByteArrayNoTag(erase.lowRow());
      out.writeByteArrayNoTag(erase.highRow());
      out.checkNoSpaceLeft();
    } catch (IOException e) {
      throw new IllegalStateException("entry size computed wrongly", e);
    }
    return entry;
  }

  /**
   * One write: the table, the catalog entry it was decided against, its row mutations, and the writer's note that
   * every replica passes on (the layer above's idempotency keys), empty if none.
   */
  record Write(long tableId, long catalogIndex, List<RowMutation> mutations, byte[] note) implements Entry {}

  /**
   * The tablet is to be replaced by {@code successors} (a split's two daughters, or the one tablet of a merge of
   * {@code replaced}): every replica applies no write after it, so each holds the tablet's rows exactly as of this
   * entry, which a successor starts from without moving a row. {@code lifted} takes back a fence whose change could
   * not be made (a merge whose other tablets are being changed otherwise).
   */
  record Fence(long tableId, List<TabletDefinition> replaced, List<TabletDefinition> successors, boolean lifted)
      implements Entry {
    Fence lift() {
      return new Fence(tableId, replaced, successors, true);
    }

    /** Whether this is the same change as {@code other}, whether raised or lifted. */
    boolean sameChange(Fence other) {
      return tableId == other.tableId && replaced.equals(other.replaced) && successors.equals(other.successors);
    }
  }

  static byte[] encodeFence(Fence fence) {
    int size = CodedOutputStream.computeUInt32SizeNoTag(FORMAT) + CodedOutputStream.computeUInt32SizeNoTag(FENCE)
        + CodedOutputStream.computeInt64SizeNoTag(fence.tableId()) + tabletsSize(fence.replaced())
        + tabletsSize(fence.successors());
    byte[] entry = new byte[size];
    CodedOutputStream out = CodedOutputStream.newInstance(entry);
    try {
      out.writeUInt32NoTag(FORMAT);
      out.writeUInt32NoTag(fence.lifted() ? LIFT_FENCE : FENCE);
      out.writeInt64NoTag(fence.tableId());
      writeTablets(out, fence.replaced());
      writeTablets(out, fence.successors());
      out.checkNoSpaceLeft();
    } catch (IOException e) {
      throw new IllegalStateException("entry size computed wrongly", e);
    }
    return entry;
  }

  private static int tabletsSize(List<TabletDefinition> tablets) {
    int size = CodedOutputStream.computeUInt32SizeNoTag(tablets.size());
    for (TabletDefinition tablet : tablets) {
      size += CodedOutputStream.computeInt64SizeNoTag(tablet.id())
          + CodedOutputStream.computeByteArraySizeNoTag(tablet.startRow())
          + CodedOutputStream.computeByteArraySizeNoTag(tablet.endRow());
    }
    return size;
  }

  private static void writeTablets(CodedOutputStream out, List<TabletDefinition> tablets) throws IOException {
    out.writeUInt32NoTag(tablets.size());
    for (TabletDefinition tablet : tablets) {
      out.writeInt64NoTag(tablet.id());
      out.writeByteArrayNoTag(tablet.startRow());
      out.writeByteArrayNoTag(tablet.endRow());
    }
  }

  private static List<TabletDefinition> readTablets(CodedInputStream in) throws IOException {
    int count = in.readUInt32();
    if (count < 1 || count > 1024) {
      throw new IOException("tablet log entry names " + count + " tablets");
    }
    List<TabletDefinition> tablets = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      tablets.add(new TabletDefinition(in.readInt64(), in.readByteArray(), in.readByteArray()));
    }
    return tablets;
  }

  /**
   * The write as entries of at most {@code maxBytes} each: the mutations in order, split between rows (one entry when
   * they fit). The note goes with the last entry, so that a retried request counts as applied only once all of it
   * is.
   *
   * @throws WriteTooLargeException if one row's mutation alone does not fit an entry
   */
  static List<byte[]> encodeWrites(long tableId, long catalogIndex, List<RowMutation> mutations, byte[] note,
      int maxBytes) throws WriteTooLargeException {
    // The header as large as it can be: the note included and the longest count.
    int header = headerSize(tableId, catalogIndex, note) + 5;
    List<byte[]> entries = new ArrayList<>(1);
    int from = 0;
    int body = 0; // the mutations' bytes of the entry being filled
    for (int i = 0; i < mutations.size(); i++) {
      int mutationSize = mutationSize(mutations.get(i));
      if (header + mutationSize > maxBytes) {
        throw new WriteTooLargeException("the mutation of row " + ByteArrays.toPrintable(mutations.get(i).row())
            + " takes " + mutationSize + " bytes, more than the " + maxBytes + " bytes a tablet's log takes in one "
            + "entry (basalt.cluster.raft.entry.max.bytes); nothing of it was written");
      }
      if (header + body + mutationSize > maxBytes) {
        entries.add(encodeWrite(tableId, catalogIndex, mutations.subList(from, i), new byte[0], body));
        from = i;
        body = 0;
      }
      body += mutationSize;
    }
    entries.add(encodeWrite(tableId, catalogIndex, mutations.subList(from, mutations.size()), note, body));
    return entries;
  }

  private static int headerSize(long tableId, long catalogIndex, byte[] note) {
    return CodedOutputStream.computeUInt32SizeNoTag(FORMAT) + CodedOutputStream.computeUInt32SizeNoTag(WRITE)
        + CodedOutputStream.computeInt64SizeNoTag(tableId) + CodedOutputStream.computeInt64SizeNoTag(catalogIndex)
        + CodedOutputStream.computeByteArraySizeNoTag(note);
  }

  private static int mutationSize(RowMutation mutation) {
    int size = CodedOutputStream.computeByteArraySizeNoTag(mutation.row())
        + CodedOutputStream.computeUInt32SizeNoTag(mutation.cells().size())
        + CodedOutputStream.computeUInt32SizeNoTag(mutation.erasures().size());
    for (RowMutation.CellWrite cell : mutation.cells()) {
      size += coordinatesSize(cell.family(), cell.qualifier(), cell.timestamp(), cell.type())
          + CodedOutputStream.computeByteArraySizeNoTag(cell.value());
    }
    for (RowMutation.CellErasure cell : mutation.erasures()) {
      size += coordinatesSize(cell.family(), cell.qualifier(), cell.timestamp(), cell.type());
    }
    return size;
  }

  static byte[] encodeWrite(long tableId, long catalogIndex, List<RowMutation> mutations, byte[] note) {
    int body = 0;
    for (RowMutation mutation : mutations) {
      body += mutationSize(mutation);
    }
    return encodeWrite(tableId, catalogIndex, mutations, note, body);
  }

  /** The write's entry, {@code body} being the sum of its mutations' sizes, already computed by the caller. */
  private static byte[] encodeWrite(long tableId, long catalogIndex, List<RowMutation> mutations, byte[] note,
      int body) {
    int size = headerSize(tableId, catalogIndex, note) + CodedOutputStream.computeUInt32SizeNoTag(mutations.size())
        + body;
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

  static Entry decode(byte[] entry) throws IOException {
    CodedInputStream in = CodedInputStream.newInstance(entry);
    int format = in.readUInt32();
    if (format != FORMAT) {
      throw new IOException("tablet log entry of unknown format " + format);
    }
    int kind = in.readUInt32();
    if (kind == FENCE || kind == LIFT_FENCE) {
      Fence fence = new Fence(in.readInt64(), readTablets(in), readTablets(in), kind == LIFT_FENCE);
      if (!in.isAtEnd()) {
        throw new IOException("tablet log entry has trailing bytes");
      }
      return fence;
    }
    if (kind == ERASE_ROWS) {
      EraseRows erase = new EraseRows(in.readInt64(), in.readByteArray(), in.readByteArray());
      if (!in.isAtEnd()) {
        throw new IOException("tablet log entry has trailing bytes");
      }
      return erase;
    }
    if (kind == FLUSH) {
      Flush flush = new Flush(in.readInt64());
      if (!in.isAtEnd()) {
        throw new IOException("tablet log entry has trailing bytes");
      }
      return flush;
    }
    if (kind == SNAPSHOT_PART) {
      SnapshotPart part = new SnapshotPart(in.readInt64(), new String(in.readByteArray(), StandardCharsets.UTF_8),
          new String(in.readByteArray(), StandardCharsets.UTF_8));
      if (!in.isAtEnd()) {
        throw new IOException("tablet log entry has trailing bytes");
      }
      return part;
    }
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
