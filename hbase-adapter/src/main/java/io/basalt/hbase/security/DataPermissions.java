package io.basalt.hbase.security;

import io.basalt.hbase.read.FamilySchema;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.TreeMap;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RowMutations;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.filter.Filter;
import org.apache.hadoop.hbase.filter.FilterList;
import org.apache.hadoop.hbase.security.AccessDeniedException;
import org.apache.hadoop.hbase.security.access.Permission.Action;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The data path's permission checks, on the client's Get, Scan and mutations before a region runs them, with what
 * HBase's region server hands its AccessController: a read naming no family asks for every family of the table; a
 * whole-row delete deletes every family; a family delete writes the family's empty qualifier.
 */
public final class DataPermissions {
  private DataPermissions() {}

  /**
   * Decides a Get; one the caller may make only in part gets the filter leaving out the rest, ahead of its own.
   * An existence check naming no family is decided on the table alone, as HBase decides it before filling the
   * families in.
   */
  public static void checkGet(CallPermissions permissions, TableName table, FamilySchema families, Get get)
      throws AccessDeniedException {
    if (!permissions.checked()) {
      return;
    }
    Map<byte[], ? extends Collection<byte[]>> asked = get.isCheckExistenceOnly() && !get.hasFamilies()
        ? Map.of() : asked(get.getFamilyMap(), families);
    Filter readable = permissions.readFilter(table, asked);
    if (readable != null) {
      get.setFilter(ahead(readable, get.getFilter()));
    }
  }

  /** Decides a Scan as a Get is decided. */
  public static void checkScan(CallPermissions permissions, TableName table, FamilySchema families, Scan scan)
      throws AccessDeniedException {
    if (!permissions.checked()) {
      return;
    }
    Filter readable = permissions.readFilter(table, asked(scan.getFamilyMap(), families));
    if (readable != null) {
      scan.setFilter(ahead(readable, scan.getFilter()));
    }
  }

  /** Decides a mutation: WRITE on every column it writes, or it is refused whole. */
  public static void checkWrite(CallPermissions permissions, TableName table, FamilySchema families,
      Mutation mutation) throws AccessDeniedException {
    if (permissions.checked()) {
      permissions.requireWrite(table, written(mutation, families));
    }
  }

  /**
   * Decides a check-and-mutate: a condition on a column (not a filter) of a single Put or Delete needs READ and
   * WRITE on that column, as HBase asks; then every mutation needs WRITE on what it writes.
   */
  public static void checkConditional(CallPermissions permissions, TableName table, FamilySchema families,
      CheckAndMutate checkAndMutate) throws AccessDeniedException {
    if (!permissions.checked()) {
      return;
    }
    if (!checkAndMutate.hasFilter()
        && (checkAndMutate.getAction() instanceof Put || checkAndMutate.getAction() instanceof Delete)) {
      Map<byte[], List<byte[]>> condition = new TreeMap<>(Bytes.BYTES_COMPARATOR);
      condition.put(checkAndMutate.getFamily(), List.of(checkAndMutate.getQualifier() == null
          ? HConstants.EMPTY_BYTE_ARRAY : checkAndMutate.getQualifier()));
      permissions.requireCells(table, condition, Action.READ);
      permissions.requireCells(table, condition, Action.WRITE);
    }
    if (checkAndMutate.getAction() instanceof Mutation mutation) {
      checkWrite(permissions, table, families, mutation);
    } else if (checkAndMutate.getAction() instanceof RowMutations row) {
      for (Mutation mutation : row.getMutations()) {
        checkWrite(permissions, table, families, mutation);
      }
    }
  }

  private static Filter ahead(Filter readable, Filter own) {
    return own == null ? readable : new FilterList(FilterList.Operator.MUST_PASS_ALL, readable, own);
  }

  /** The families (and qualifiers) a read asks for: every family of the table when it names none. */
  private static Map<byte[], ? extends Collection<byte[]>> asked(Map<byte[], NavigableSet<byte[]>> named,
      FamilySchema families) {
    if (!named.isEmpty()) {
      return named;
    }
    Map<byte[], Collection<byte[]>> all = new TreeMap<>(Bytes.BYTES_COMPARATOR);
    for (FamilySchema.Family family : families.families()) {
      all.put(family.name(), null);
    }
    return all;
  }

  /** The columns a mutation writes, by family; a delete of a whole row writes every family's empty qualifier. */
  private static Map<byte[], List<byte[]>> written(Mutation mutation, FamilySchema families) {
    Map<byte[], List<byte[]>> written = new TreeMap<>(Bytes.BYTES_COMPARATOR);
    if (mutation instanceof Delete && mutation.getFamilyCellMap().isEmpty()) {
      for (FamilySchema.Family family : families.families()) {
        written.put(family.name(), List.of(HConstants.EMPTY_BYTE_ARRAY));
      }
      return written;
    }
    for (Map.Entry<byte[], List<Cell>> family : mutation.getFamilyCellMap().entrySet()) {
      List<byte[]> qualifiers = new ArrayList<>(family.getValue().size());
      for (Cell cell : family.getValue()) {
        qualifiers.add(CellUtil.cloneQualifier(cell));
      }
      written.put(family.getKey(), qualifiers);
    }
    return written;
  }
}
