package io.basalt.hbase.write;

import io.basalt.hbase.read.CellTtls;
import io.basalt.storage.data.RowMutation;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.regionserver.NoSuchColumnFamilyException;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Turns a client Put or Delete into the cells the storage engine writes, the way HBase's region server prepares
 * them: {@code LATEST_TIMESTAMP} becomes the server's clock, a Delete without columns becomes a DeleteFamily marker
 * on every family, a single-version Delete without a timestamp targets the newest existing version, and a Put's
 * TTL ({@code Mutation.setTTL}) goes with each of its cells.
 */
public final class MutationConverter {
  private final TableDescriptor table;
  private final RegionInfo region;
  private final Predicate<byte[]> familyHeldTtl;

  /** Reads the timestamp of the {@code nth} newest visible version of a column, if there are that many. */
  @FunctionalInterface
  public interface VersionLookup {
    Long nthNewestTimestamp(byte[] row, byte[] family, byte[] qualifier, int nth) throws IOException;
  }

  /**
   * @param familyHeldTtl whether a family has been recorded as holding puts with their own TTL, asked under the
   *     row's lock
   */
  public MutationConverter(TableDescriptor table, RegionInfo region, Predicate<byte[]> familyHeldTtl) {
    this.table = table;
    this.region = region;
    this.familyHeldTtl = familyHeldTtl;
  }

  /**
   * Converts one mutation of a call, whose earlier mutations going to storage in the same write are in
   * {@code earlier}; the caller adds the result there.
   */
  RowMutation convert(Mutation mutation, long nowMillis, VersionLookup lookup, OneWrite earlier)
      throws IOException {
    if (mutation instanceof Put put) {
      return convertPut(put, nowMillis, earlier);
    }
    if (mutation instanceof Delete delete) {
      return convertDelete(delete, nowMillis, lookup);
    }
    throw new DoNotRetryIOException(mutation.getClass().getSimpleName() + " is not a Put or a Delete");
  }

  private RowMutation convertPut(Put put, long nowMillis, OneWrite earlier) throws IOException {
    long ttl = CellTtls.of(put);
    // Checked whole first: a Put that fails must neither write nor withdraw anything of its call's other puts.
    for (Map.Entry<byte[], List<Cell>> family : put.getFamilyCellMap().entrySet()) {
      requireFamily(family.getKey());
      for (Cell cell : family.getValue()) {
        if (cell.getTypeByte() != KeyValue.Type.Put.getCode()) {
          throw new DoNotRetryIOException("a Put may only carry Put cells, not " + cell.getType());
        }
        resolve(cell.getTimestamp(), nowMillis);
      }
    }
    if (put.size() == 0) {
      throw new DoNotRetryIOException("No columns to insert for row " + Bytes.toStringBinary(put.getRow()));
    }
    RowMutation.Builder cells = RowMutation.forRow(put.getRow());
    for (Map.Entry<byte[], List<Cell>> family : put.getFamilyCellMap().entrySet()) {
      for (Cell cell : family.getValue()) {
        addPut(cells, earlier, family.getKey(), CellUtil.cloneQualifier(cell),
            resolve(cell.getTimestamp(), nowMillis), CellUtil.cloneValue(cell), ttl, nowMillis);
      }
    }
    return cells.build();
  }


  private RowMutation convertDelete(Delete delete, long nowMillis, VersionLookup lookup) throws IOException {
    byte[] row = delete.getRow();
    RowMutation.Builder cells = RowMutation.forRow(row);
    if (delete.getFamilyCellMap().isEmpty()) {
      long timestamp = resolve(delete.getTimestamp(), nowMillis);
      for (ColumnFamilyDescriptor family : table.getColumnFamilies()) {
        cells.add(family.getName(), HConstants.EMPTY_BYTE_ARRAY, timestamp, KeyValue.Type.DeleteFamily.getCode(),
            HConstants.EMPTY_BYTE_ARRAY);
      }
      return cells.build();
    }
    Map<String, Integer> occurrences = new HashMap<>();
    for (Map.Entry<byte[], List<Cell>> family : delete.getFamilyCellMap().entrySet()) {
      requireFamily(family.getKey());
      for (Cell cell : family.getValue()) {
        byte type = cell.getTypeByte();
        if (!CellUtil.isDelete(type)) {
          throw new DoNotRetryIOException("a Delete may only carry delete markers, not " + cell.getType());
        }
        byte[] qualifier = CellUtil.cloneQualifier(cell);
        long timestamp;
        if (type == KeyValue.Type.Delete.getCode() && cell.getTimestamp() == HConstants.LATEST_TIMESTAMP) {
          // The k-th latest-version delete of a column in one mutation removes its k-th newest version.
          String column = Bytes.toStringBinary(family.getKey()) + ":" + Bytes.toStringBinary(qualifier);
          int nth = occurrences.merge(column, 1, Integer::sum);
          Long existing = lookup.nthNewestTimestamp(row, family.getKey(), qualifier, nth);
          timestamp = existing != null ? existing : nowMillis;
        } else {
          timestamp = resolve(cell.getTimestamp(), nowMillis);
        }
        cells.add(family.getKey(), qualifier, timestamp, type, HConstants.EMPTY_BYTE_ARRAY);
      }
    }
    return cells.build();
  }

  /**
   * Adds one put, with its own TTL ({@link CellTtls#NONE} for none), so that it replaces whatever put was stored at
   * its coordinates: a put with a TTL goes under {@link CellTtls#TTL_PUT} and erases the plain key there; a plain put
   * erases the TTL key only in a family recorded as holding such puts (elsewhere there is none to erase).
   *
   * <p>A put whose TTL has already run out when it is written is not stored. HBase stores it, but every read and
   * every flush or compaction passes over it, so an older call's put of the same coordinates stays visible behind
   * it; the same call's earlier puts there it replaces all the same ({@link OneWrite}).
   */
  void addPut(RowMutation.Builder cells, OneWrite earlier, byte[] family, byte[] qualifier, long timestamp,
      byte[] value, long ttl, long nowMillis) {
    if (CellTtls.expired(timestamp, ttl, nowMillis)) {
      earlier.withdrawPuts(cells.row(), family, qualifier, timestamp);
      return;
    }
    if (ttl != CellTtls.NONE) {
      cells.add(family, qualifier, timestamp, CellTtls.TTL_PUT, CellTtls.storedValue(ttl, value));
      cells.erase(family, qualifier, timestamp, KeyValue.Type.Put.getCode());
      return;
    }
    cells.add(family, qualifier, timestamp, KeyValue.Type.Put.getCode(), value);
    if (familyHeldTtl.test(family)) {
      cells.erase(family, qualifier, timestamp, CellTtls.TTL_PUT);
    }
  }

  /** HBase's region says which table by its whole descriptor, and REST and Thrift clients see the message. */
  private void requireFamily(byte[] family) throws NoSuchColumnFamilyException {
    if (!table.hasColumnFamily(family)) {
      throw new NoSuchColumnFamilyException("Column family " + Bytes.toStringBinary(family)
          + " does not exist in region " + region.getRegionNameAsString() + " in table " + table);
    }
  }

  private static long resolve(long timestamp, long nowMillis) throws DoNotRetryIOException {
    if (timestamp == HConstants.LATEST_TIMESTAMP) {
      return nowMillis;
    }
    if (timestamp < 0) {
      throw new DoNotRetryIOException("Timestamp cannot be negative: " + timestamp);
    }
    return timestamp;
  }
}
