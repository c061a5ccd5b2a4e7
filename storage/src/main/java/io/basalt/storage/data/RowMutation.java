package io.basalt.storage.data;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Cells to write to one row, possibly across several families, and cells to erase from it. The whole mutation is
 * applied as one RocksDB write batch, so readers see all of it or none of it.
 */
public final class RowMutation {
  private final byte[] row;
  private final List<CellWrite> cells;
  private final List<CellErasure> erasures;

  private RowMutation(byte[] row, List<CellWrite> cells, List<CellErasure> erasures) {
    this.row = row;
    this.cells = Collections.unmodifiableList(cells);
    this.erasures = Collections.unmodifiableList(erasures);
  }

  public static Builder forRow(byte[] row) {
    return new Builder(row);
  }

  /** Callers must not modify the array. */
  public byte[] row() {
    return row;
  }

  public List<CellWrite> cells() {
    return cells;
  }

  /** Stored cell versions removed outright, as if never written (the layer above decides which are garbage). */
  public List<CellErasure> erasures() {
    return erasures;
  }

  /**
   * One cell version. {@code type} is an unsigned byte chosen by the layer above; versions with equal row, family,
   * qualifier and timestamp but different types are distinct cells, and a second write of the same four
   * coordinates and type replaces the first.
   */
  public record CellWrite(byte[] family, byte[] qualifier, long timestamp, int type, byte[] value) {}

  /** The exact coordinates of one stored cell version to remove. */
  public record CellErasure(byte[] family, byte[] qualifier, long timestamp, int type) {}

  /** Collects the cells of one row mutation. */
  public static final class Builder {
    private final byte[] row;
    private final List<CellWrite> cells = new ArrayList<>();
    private final List<CellErasure> erasures = new ArrayList<>();

    private Builder(byte[] row) {
      this.row = row;
    }

    /** Callers must not modify the array. */
    public byte[] row() {
      return row;
    }

    public Builder add(byte[] family, byte[] qualifier, long timestamp, int type, byte[] value) {
      checkType(type);
      cells.add(new CellWrite(family, qualifier, timestamp, type, value));
      return this;
    }

    public Builder erase(byte[] family, byte[] qualifier, long timestamp, int type) {
      checkType(type);
      erasures.add(new CellErasure(family, qualifier, timestamp, type));
      return this;
    }

    public boolean isEmpty() {
      return cells.isEmpty() && erasures.isEmpty();
    }

    public RowMutation build() {
      return new RowMutation(row, new ArrayList<>(cells), new ArrayList<>(erasures));
    }

    private static void checkType(int type) {
      if (type < 0 || type > 0xFF) {
        throw new IllegalArgumentException("cell type must be an unsigned byte: " + type);
      }
    }
  }
}
