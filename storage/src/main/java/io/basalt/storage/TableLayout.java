package io.basalt.storage;

import io.basalt.storage.catalog.FamilyDefinition;
import io.basalt.storage.catalog.TableDefinition;
import io.basalt.storage.data.RowMutation;
import io.basalt.storage.errors.UnknownFamilyException;
import io.basalt.storage.keys.CellKeys;
import java.util.ArrayList;
import java.util.List;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.RocksDBException;
import org.rocksdb.WriteBatch;

/**
 * A table's definition with the RocksDB column family of each of its families, in the definition's family order.
 * A {@link Table} swaps it as one value when its families change, so no writer or reader pairs one definition's
 * families with another's column families.
 */
record TableLayout(TableDefinition definition, List<ColumnFamilyHandle> handles) {
  TableLayout {
    handles = List.copyOf(handles);
  }

  /** The same column families under a definition with the same families (changed properties or tablets). */
  TableLayout withDefinition(TableDefinition next) {
    return new TableLayout(next, handles);
  }

  ColumnFamilyHandle handleFor(byte[] family) throws UnknownFamilyException {
    List<FamilyDefinition> families = definition.families();
    for (int i = 0; i < families.size(); i++) {
      if (families.get(i).hasName(family)) {
        return handles.get(i);
      }
    }
    throw new UnknownFamilyException(definition.name(), family);
  }

  /**
   * The column family of {@code family} if the table has it as created by catalog entry {@code catalogIndex} or
   * before; null if it has not, or has it anew (dropped or truncated since).
   */
  private ColumnFamilyHandle handleOrNull(byte[] family, long catalogIndex) {
    List<FamilyDefinition> families = definition.families();
    for (int i = 0; i < families.size(); i++) {
      if (families.get(i).hasName(family) && families.get(i).createdAt() <= catalogIndex) {
        return handles.get(i);
      }
    }
    return null;
  }

  /** Throws if a mutation names a family the table does not have. */
  void checkFamilies(List<RowMutation> mutations) throws UnknownFamilyException {
    for (RowMutation mutation : mutations) {
      for (RowMutation.CellWrite cell : mutation.cells()) {
        handleFor(cell.family());
      }
      for (RowMutation.CellErasure cell : mutation.erasures()) {
        handleFor(cell.family());
      }
    }
  }

  /** Adds every cell write and erasure of {@code mutations} to {@code batch}, under the cell key encoding. */
  void addTo(WriteBatch batch, List<RowMutation> mutations) throws UnknownFamilyException, RocksDBException {
    for (RowMutation mutation : mutations) {
      for (RowMutation.CellWrite cell : mutation.cells()) {
        batch.put(handleFor(cell.family()), key(mutation, cell.qualifier(), cell.timestamp(), cell.type()),
            cell.value());
      }
      for (RowMutation.CellErasure cell : mutation.erasures()) {
        batch.delete(handleFor(cell.family()), key(mutation, cell.qualifier(), cell.timestamp(), cell.type()));
      }
    }
  }

  /**
   * {@link #addTo} for a replicated write decided against catalog entry {@code catalogIndex}: cells of a family the
   * table no longer has, or has anew since, are left out (see {@link Table#applyReplicated}).
   */
  void addAppliedTo(WriteBatch batch, List<RowMutation> mutations, long catalogIndex) throws RocksDBException {
    for (RowMutation mutation : mutations) {
      for (RowMutation.CellWrite cell : mutation.cells()) {
        ColumnFamilyHandle handle = handleOrNull(cell.family(), catalogIndex);
        if (handle != null) {
          batch.put(handle, key(mutation, cell.qualifier(), cell.timestamp(), cell.type()), cell.value());
        }
      }
      for (RowMutation.CellErasure cell : mutation.erasures()) {
        ColumnFamilyHandle handle = handleOrNull(cell.family(), catalogIndex);
        if (handle != null) {
          batch.delete(handle, key(mutation, cell.qualifier(), cell.timestamp(), cell.type()));
        }
      }
    }
  }

  /** The families a cursor reads and their column families. */
  record Selection(List<byte[]> names, List<ColumnFamilyHandle> handles) {}

  /** The {@code requested} families (every family when empty), in the definition's order. */
  Selection select(List<byte[]> requested) throws UnknownFamilyException {
    List<byte[]> names = new ArrayList<>();
    List<ColumnFamilyHandle> selected = new ArrayList<>();
    for (int i = 0; i < definition.families().size(); i++) {
      FamilyDefinition family = definition.families().get(i);
      if (requested.isEmpty() || isRequested(family, requested)) {
        names.add(family.name());
        selected.add(handles.get(i));
      }
    }
    if (names.size() < requested.size()) {
      for (byte[] wanted : requested) {
        if (definition.family(wanted).isEmpty()) {
          throw new UnknownFamilyException(definition.name(), wanted);
        }
      }
    }
    return new Selection(names, selected);
  }

  /** Whether {@code handle} is one of this layout's column families (the very object, not an equal one). */
  boolean holds(ColumnFamilyHandle handle) {
    return handles.stream().anyMatch(current -> current == handle);
  }

  private static boolean isRequested(FamilyDefinition family, List<byte[]> requested) {
    for (byte[] name : requested) {
      if (family.hasName(name)) {
        return true;
      }
    }
    return false;
  }

  private static byte[] key(RowMutation mutation, byte[] qualifier, long timestamp, int type) {
    return CellKeys.encode(mutation.row(), qualifier, timestamp, type);
  }
}
