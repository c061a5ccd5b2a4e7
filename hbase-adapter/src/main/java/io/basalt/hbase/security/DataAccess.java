package io.basalt.hbase.security;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.security.AccessDeniedException;
import org.apache.hadoop.hbase.security.access.Permission.Action;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The AccessController's decisions on reads and writes of a table's cells. A write needs WRITE on every family it
 * touches, or on every qualifier it writes there; one that lacks any is refused whole, naming the first column that
 * failed. A read that may see everything it asks for runs as asked; one that may see some of it (READ on one of its
 * families, or on one of its columns) runs with the cells it may not see left out, with no error; one that may see
 * none of it is refused. Everyone may read hbase:meta.
 */
public final class DataAccess {
  private DataAccess() {}

  /** How a read may go ahead. */
  public enum Read {
    /** As asked. */
    WHOLE,
    /** With the cells the user may not read left out ({@link #mayRead} decides each). */
    FILTERED
  }

  /**
   * Decides a Get or Scan. {@code families} maps each family asked for to the qualifiers asked for in it (empty or
   * null: the whole family); a query naming no family is asked for every family of the table, as HBase's region
   * server fills them in before deciding.
   *
   * @throws AccessDeniedException when the user may read none of it, with HBase's message
   */
  public static Read read(Authorizer authorizer, RequestUser user, List<String> groups, TableName table,
      Map<byte[], ? extends Collection<byte[]>> families) throws AccessDeniedException {
    if (table.equals(TableName.META_TABLE_NAME)
        || firstDenied(authorizer, user, groups, table, families, Action.READ) == null) {
      return Read.WHOLE;
    }
    for (Map.Entry<byte[], ? extends Collection<byte[]>> family : families.entrySet()) {
      if (authorizer.familyGrant(user.shortName(), groups, table, family.getKey(), Action.READ)) {
        return Read.FILTERED;
      }
      for (byte[] qualifier : qualifiers(family.getValue())) {
        if (authorizer.table(user.shortName(), groups, table, family.getKey(), qualifier, Action.READ)) {
          return Read.FILTERED;
        }
      }
    }
    throw Denials.read(user.shortName(), table);
  }

  /** Whether one cell may be read: the test of a {@link Read#FILTERED} read. */
  public static boolean mayRead(Authorizer authorizer, RequestUser user, List<String> groups, TableName table,
      byte[] family, byte[] qualifier) {
    return authorizer.table(user.shortName(), groups, table, family, qualifier, Action.READ);
  }

  /**
   * Decides a mutation: {@code families} maps each family it touches to the qualifiers it writes there (a family
   * delete writes the empty qualifier).
   *
   * @throws AccessDeniedException naming the first family (and qualifier) the user may not write
   */
  public static void write(Authorizer authorizer, RequestUser user, List<String> groups, TableName table,
      Map<byte[], ? extends Collection<byte[]>> families) throws AccessDeniedException {
    require(authorizer, user, groups, table, families, Action.WRITE);
  }

  /**
   * Decides one action on the columns named, as a write is decided: the check-and-mutate condition's column needs
   * READ, then WRITE, this way.
   *
   * @throws AccessDeniedException naming the first family (and qualifier) the user may not act on
   */
  public static void require(Authorizer authorizer, RequestUser user, List<String> groups, TableName table,
      Map<byte[], ? extends Collection<byte[]>> families, Action action) throws AccessDeniedException {
    String denied = firstDenied(authorizer, user, groups, table, families, action);
    if (denied == null) {
      return;
    }
    Denials.Context context = new Denials.Context(user.name(), action).table(table);
    if (!denied.isEmpty()) {
      context.families(denied);
    }
    throw context.exception();
  }

  /**
   * Null when the user may do the action on the whole table or on everything asked for; otherwise the first part
   * that fails, as HBase names it ({@code family} or {@code family:qualifier}), or empty when nothing was asked for.
   */
  private static String firstDenied(Authorizer authorizer, RequestUser user, List<String> groups, TableName table,
      Map<byte[], ? extends Collection<byte[]>> families, Action action) {
    String name = user.shortName();
    if (authorizer.table(name, groups, table, null, null, action)) {
      return null;
    }
    if (families.isEmpty()) {
      return "";
    }
    for (Map.Entry<byte[], ? extends Collection<byte[]>> family : families.entrySet()) {
      if (authorizer.table(name, groups, table, family.getKey(), null, action)) {
        continue;
      }
      List<byte[]> qualifiers = qualifiers(family.getValue());
      if (qualifiers.isEmpty()) {
        return Bytes.toString(family.getKey());
      }
      for (byte[] qualifier : qualifiers) {
        if (!authorizer.table(name, groups, table, family.getKey(), qualifier, action)) {
          return Bytes.toString(family.getKey()) + ":" + Bytes.toString(qualifier);
        }
      }
    }
    return null;
  }

  private static List<byte[]> qualifiers(Collection<byte[]> asked) {
    return asked == null ? List.of() : new ArrayList<>(asked);
  }
}
