package io.basalt.hbase.security;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.TreeMap;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.security.access.NamespacePermission;
import org.apache.hadoop.hbase.security.access.Permission;
import org.apache.hadoop.hbase.security.access.Permission.Action;
import org.apache.hadoop.hbase.security.access.ShadedAccessControlUtil;
import org.apache.hadoop.hbase.security.access.TablePermission;
import org.apache.hadoop.hbase.security.access.UserPermission;
import org.apache.hadoop.hbase.shaded.protobuf.generated.AccessControlProtos.GetUserPermissionsResponse;

/**
 * Every grant, laid out as HBase keeps them in its hbase:acl table, so that what HBase's Grant, Revoke and
 * GetUserPermissions do to that table (merging, which cell a revoke removes, the order answers come in) can be done
 * here the same way: one row per scope ({@value #GLOBAL_ROW} for global grants, {@code @namespace}, and the table
 * name without {@code default:} for tables), one cell per grantee and family/qualifier ({@code user},
 * {@code user,family}, {@code user,family,qualifier}; groups as {@code @group}), holding the granted actions. Rows
 * and cells are kept in byte order, as HBase scans them.
 *
 * <p>Not thread safe: the owner serializes changes and publishes copies ({@link #copy}) for readers.
 */
public final class PermissionTable {
  /** The table HBase keeps grants in, which clients look for to learn whether permissions are checked. */
  public static final TableName ACL_TABLE = TableName.valueOf("hbase", "acl");
  public static final String GLOBAL_ROW = "hbase:acl";
  private static final Comparator<String> BYTE_ORDER = (a, b) -> Arrays.compareUnsigned(
      a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));

  private final NavigableMap<String, NavigableMap<String, Set<Action>>> rows = new TreeMap<>(BYTE_ORDER);

  /** The row holding a permission's scope. */
  static String row(Permission permission) {
    if (permission instanceof TablePermission table) {
      return table.getTableName().getNameAsString();
    }
    if (permission instanceof NamespacePermission namespace) {
      return "@" + namespace.getNamespace();
    }
    return GLOBAL_ROW;
  }

  /** The row of a table's grants, which deleting the table removes. */
  public static String row(TableName table) {
    return table.getNameAsString();
  }

  /** The row of a namespace's grants, which deleting the namespace removes. */
  public static String namespaceRow(String namespace) {
    return "@" + namespace;
  }

  /** The cell of a grant within its row: the grantee, and for a table the family and qualifier it is limited to. */
  static String cell(UserPermission grant) {
    StringBuilder cell = new StringBuilder(grant.getUser());
    if (grant.getPermission() instanceof TablePermission table && table.hasFamily()) {
      cell.append(',').append(new String(table.getFamily(), StandardCharsets.UTF_8));
      if (table.hasQualifier()) {
        cell.append(',').append(new String(table.getQualifier(), StandardCharsets.UTF_8));
      }
    }
    return cell.toString();
  }

  /**
   * Grants {@code grant}'s actions: with {@code merge} they are added to those the same cell holds (what the
   * shell and AccessControlClient always ask), without they replace them.
   *
   * @throws IOException when the grant has no actions, with HBase's message
   */
  public void grant(UserPermission grant, boolean merge) throws IOException {
    Action[] actions = grant.getPermission().getActions();
    if (actions == null || actions.length == 0) {
      throw new IOException("No actions associated with user '" + grant.getUser() + "'");
    }
    Set<Action> granted = EnumSet.copyOf(Arrays.asList(actions));
    NavigableMap<String, Set<Action>> cells = rows.computeIfAbsent(row(grant.getPermission()),
        key -> new TreeMap<>(BYTE_ORDER));
    String cell = cell(grant);
    if (merge && cells.containsKey(cell)) {
      granted.addAll(cells.get(cell));
    }
    cells.put(cell, granted);
  }

  /**
   * Revokes as HBase does. Without actions (what the shell and AccessControlClient send) the grant's own cell is
   * removed. With actions, HBase edits the first cell of the row whose grantee is the user, whatever family it is
   * limited to, leaving what remains of its actions there, and removes the grant's own cell when nothing remains;
   * this does the same, so a Java client revoking some actions sees what it sees against HBase.
   */
  public void revoke(UserPermission grant) {
    String row = row(grant.getPermission());
    NavigableMap<String, Set<Action>> cells = rows.get(row);
    if (cells == null) {
      return;
    }
    Action[] actions = grant.getPermission().getActions();
    if (actions == null || actions.length == 0) {
      cells.remove(cell(grant));
    } else {
      for (Map.Entry<String, Set<Action>> entry : cells.entrySet()) {
        if (!grantee(entry.getKey()).equals(grant.getUser())) {
          continue;
        }
        Set<Action> remaining = EnumSet.noneOf(Action.class);
        remaining.addAll(entry.getValue());
        remaining.removeAll(Arrays.asList(actions));
        if (remaining.isEmpty()) {
          cells.remove(cell(grant));
        } else {
          entry.setValue(remaining);
        }
        break;
      }
    }
    if (cells.isEmpty()) {
      rows.remove(row);
    }
  }

  /** Removes a row: a deleted table's or namespace's grants. */
  public void dropRow(String row) {
    rows.remove(row);
  }

  /**
   * The grants of one row in the order HBase's GetUserPermissions answers them: grouped by grantee, grantees in
   * the iteration order of a {@link HashMap} filled in cell order (HBase collects them in one), each grantee's cells
   * in cell order.
   */
  public List<UserPermission> grants(String row) {
    NavigableMap<String, Set<Action>> cells = rows.get(row);
    if (cells == null) {
      return List.of();
    }
    Map<String, List<UserPermission>> byGrantee = new HashMap<>();
    for (Map.Entry<String, Set<Action>> cell : cells.entrySet()) {
      byGrantee.computeIfAbsent(grantee(cell.getKey()), key -> new ArrayList<>())
          .add(toGrant(row, cell.getKey(), cell.getValue()));
    }
    List<UserPermission> grants = new ArrayList<>();
    byGrantee.values().forEach(grants::addAll);
    return grants;
  }

  /** Every row's grants, rows in byte order. */
  public List<UserPermission> all() {
    List<UserPermission> grants = new ArrayList<>();
    for (String row : rows.keySet()) {
      grants.addAll(grants(row));
    }
    return grants;
  }

  public PermissionTable copy() {
    PermissionTable copy = new PermissionTable();
    rows.forEach((row, cells) -> {
      NavigableMap<String, Set<Action>> copied = new TreeMap<>(BYTE_ORDER);
      cells.forEach((cell, actions) -> copied.put(cell, EnumSet.copyOf(actions)));
      copy.rows.put(row, copied);
    });
    return copy;
  }

  /** The grants as bytes, for keeping them in the store. */
  public byte[] toBytes() {
    GetUserPermissionsResponse.Builder saved = GetUserPermissionsResponse.newBuilder();
    for (UserPermission grant : all()) {
      saved.addUserPermission(ShadedAccessControlUtil.toUserPermission(grant));
    }
    return saved.build().toByteArray();
  }

  public static PermissionTable fromBytes(byte[] bytes) throws IOException {
    PermissionTable table = new PermissionTable();
    for (var grant : GetUserPermissionsResponse.parseFrom(bytes).getUserPermissionList()) {
      table.grant(ShadedAccessControlUtil.toUserPermission(grant), false);
    }
    return table;
  }

  /** The grantee a cell names: up to its first comma, unless that comma is its first or last character. */
  private static String grantee(String cell) {
    int comma = cell.indexOf(',');
    return comma > 0 && comma < cell.length() - 1 ? cell.substring(0, comma) : cell;
  }

  private static UserPermission toGrant(String row, String cell, Set<Action> actions) {
    Action[] granted = actions.toArray(Action[]::new);
    if (row.equals(GLOBAL_ROW)) {
      return new UserPermission(cell, Permission.newBuilder().withActions(granted).build());
    }
    if (row.startsWith("@")) {
      return new UserPermission(cell, Permission.newBuilder(row.substring(1)).withActions(granted).build());
    }
    String grantee = grantee(cell);
    Permission.Builder permission = Permission.newBuilder(TableName.valueOf(row));
    if (!grantee.equals(cell)) {
      String scope = cell.substring(grantee.length() + 1);
      int comma = scope.indexOf(',');
      if (comma > 0 && comma < scope.length() - 1) {
        permission.withFamily(scope.substring(0, comma).getBytes(StandardCharsets.UTF_8))
            .withQualifier(scope.substring(comma + 1).getBytes(StandardCharsets.UTF_8));
      } else {
        permission.withFamily(scope.getBytes(StandardCharsets.UTF_8));
      }
    }
    return new UserPermission(grantee, permission.withActions(granted).build());
  }
}
