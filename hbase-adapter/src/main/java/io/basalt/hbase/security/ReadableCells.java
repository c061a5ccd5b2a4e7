package io.basalt.hbase.security;

import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.filter.FilterBase;

/**
 * Leaves out of a read the cells its user may not read, for a read allowed only in part (READ on some of the
 * families or columns it asks for), as HBase's AccessController does: no error, the other cells simply absent, and
 * a row with nothing readable absent from a scan. It runs before the read's own filter, so that filter never sees a
 * cell the user may not. Each cell is judged against the grants as they are then, so a long scan stops showing a
 * column the moment READ on it is revoked.
 */
final class ReadableCells extends FilterBase {
  private final AccessControl control;
  private final RequestUser user;
  private final List<String> groups;
  private final TableName table;

  ReadableCells(AccessControl control, RequestUser user, List<String> groups, TableName table) {
    this.control = control;
    this.user = user;
    this.groups = groups;
    this.table = table;
  }

  @Override
  public ReturnCode filterCell(Cell cell) {
    return DataAccess.mayRead(control.authorizer(), user, groups, table, CellUtil.cloneFamily(cell),
        CellUtil.cloneQualifier(cell)) ? ReturnCode.INCLUDE : ReturnCode.SKIP;
  }

  @Override
  public String toString() {
    return "ReadableCells(" + user.shortName() + ", " + table + ")";
  }
}
