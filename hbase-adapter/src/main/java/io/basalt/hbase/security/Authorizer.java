package io.basalt.hbase.security;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.security.access.NamespacePermission;
import org.apache.hadoop.hbase.security.access.Permission;
import org.apache.hadoop.hbase.security.access.Permission.Action;
import org.apache.hadoop.hbase.security.access.TablePermission;
import org.apache.hadoop.hbase.security.access.UserPermission;

/**
 * Answers "may this user do this here" from a snapshot of the grants, the way HBase's AccessController decides:
 * superusers may do anything; otherwise a grant at a scope covers every narrower scope (global over namespaces,
 * a namespace over its tables, a table over its families, a family over its qualifiers) but never a wider one; the
 * user's own grants and then each of its groups' ({@code @group}) count; actions are independent (ADMIN does not
 * include READ). Immutable: a change of grants makes a new one, so checks never wait on grants changing.
 */
public final class Authorizer {
  private final Set<String> superUsers;
  private final Set<String> superGroups;
  private final Map<String, Set<Action>> global = new HashMap<>();
  private final Map<String, Map<String, Set<Action>>> namespaces = new HashMap<>();
  private final Map<TableName, Map<String, List<TablePermission>>> tables = new HashMap<>();

  /**
   * @param superUsers short names of the superusers (hbase.superuser's users and the server's own user)
   * @param superGroups groups whose members are superusers, each with its leading {@code @}
   */
  public Authorizer(PermissionTable grants, Set<String> superUsers, Set<String> superGroups) {
    this.superUsers = Set.copyOf(superUsers);
    this.superGroups = Set.copyOf(superGroups);
    for (UserPermission grant : grants.all()) {
      Permission permission = grant.getPermission();
      Set<Action> actions = actions(permission);
      if (permission instanceof TablePermission table) {
        tables.computeIfAbsent(table.getTableName(), key -> new HashMap<>())
            .computeIfAbsent(grant.getUser(), key -> new ArrayList<>()).add(table);
      } else if (permission instanceof NamespacePermission namespace) {
        namespaces.computeIfAbsent(namespace.getNamespace(), key -> new HashMap<>())
            .computeIfAbsent(grant.getUser(), key -> EnumSet.noneOf(Action.class)).addAll(actions);
      } else {
        global.computeIfAbsent(grant.getUser(), key -> EnumSet.noneOf(Action.class)).addAll(actions);
      }
    }
  }

  /** Whether the user, or one of its groups, is a superuser. */
  public boolean isSuperUser(String user, List<String> groups) {
    if (superUsers.contains(user)) {
      return true;
    }
    for (String group : groups) {
      if (superGroups.contains("@" + group)) {
        return true;
      }
    }
    return false;
  }

  /** Global scope: a superuser, or a global grant of the action to the user or a group. */
  public boolean global(String user, List<String> groups, Action action) {
    if (isSuperUser(user, groups)) {
      return true;
    }
    for (String principal : principals(user, groups)) {
      if (global.getOrDefault(principal, Set.of()).contains(action)) {
        return true;
      }
    }
    return false;
  }

  /** A namespace: the global scope, or a grant on the namespace. */
  public boolean namespace(String user, List<String> groups, String namespace, Action action) {
    if (global(user, groups, action)) {
      return true;
    }
    Map<String, Set<Action>> grants = namespaces.getOrDefault(namespace, Map.of());
    for (String principal : principals(user, groups)) {
      if (grants.getOrDefault(principal, Set.of()).contains(action)) {
        return true;
      }
    }
    return false;
  }

  /**
   * A table, or one family of it, or one qualifier of that family ({@code family} and {@code qualifier} null for
   * the wider scopes): the table's namespace, or a table grant covering exactly that scope or a wider one.
   */
  public boolean table(String user, List<String> groups, TableName table, byte[] family, byte[] qualifier,
      Action action) {
    if (namespace(user, groups, table.getNamespaceAsString(), action)) {
      return true;
    }
    Map<String, List<TablePermission>> grants = tables.getOrDefault(table, Map.of());
    for (String principal : principals(user, groups)) {
      for (TablePermission grant : grants.getOrDefault(principal, List.of())) {
        if (grant.implies(table, family, qualifier, action)) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * Whether any grant on the table gives the action, whatever family or qualifier it is limited to (HBase's check
   * for bulk loads, and for which tables a user sees listed).
   */
  public boolean anyTableGrant(String user, List<String> groups, TableName table, Action action) {
    if (namespace(user, groups, table.getNamespaceAsString(), action)) {
      return true;
    }
    Map<String, List<TablePermission>> grants = tables.getOrDefault(table, Map.of());
    for (String principal : principals(user, groups)) {
      for (TablePermission grant : grants.getOrDefault(principal, List.of())) {
        if (grant.implies(action)) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * Whether a table grant limited to the family (or to a qualifier of it) gives the action: the test of whether a
   * read the user may not make whole may be made of the cells it may read.
   */
  public boolean familyGrant(String user, List<String> groups, TableName table, byte[] family, Action action) {
    Map<String, List<TablePermission>> grants = tables.getOrDefault(table, Map.of());
    for (String principal : principals(user, groups)) {
      for (TablePermission grant : grants.getOrDefault(principal, List.of())) {
        if (grant.hasFamily() && Arrays.equals(grant.getFamily(), family) && grant.implies(action)) {
          return true;
        }
        if (!grant.hasFamily() && grant.implies(action)) {
          return true;
        }
      }
    }
    return false;
  }

  private static List<String> principals(String user, List<String> groups) {
    List<String> principals = new ArrayList<>(groups.size() + 1);
    principals.add(user);
    for (String group : groups) {
      principals.add("@" + group);
    }
    return principals;
  }

  private static Set<Action> actions(Permission permission) {
    Set<Action> actions = EnumSet.noneOf(Action.class);
    for (Action action : permission.getActions()) {
      actions.add(action);
    }
    return actions;
  }
}
