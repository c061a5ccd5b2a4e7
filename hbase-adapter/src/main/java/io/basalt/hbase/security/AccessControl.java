package io.basalt.hbase.security;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.security.AccessDeniedException;
import org.apache.hadoop.hbase.security.access.NamespacePermission;
import org.apache.hadoop.hbase.security.access.Permission;
import org.apache.hadoop.hbase.security.access.Permission.Action;
import org.apache.hadoop.hbase.security.access.TablePermission;
import org.apache.hadoop.hbase.security.access.UserPermission;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * HBase's permission RPCs over the grants, with the AccessController's rules for who may call them: granting and
 * revoking need ADMIN at the grant's scope and may not touch a superuser's grants; listing needs ADMIN at the scope
 * listed (even one's own); asking whether another user has a permission needs ADMIN at its scope. Changes are saved
 * before they are answered and take effect for every check from then on, on every connection.
 */
public final class AccessControl {
  private static final Action[] ALL_ACTIONS = Action.values();

  private final PermissionStore store;
  private final List<String> superUsers;
  private final Set<String> superGroups;
  private final Function<String, List<String>> groupsOf;
  private PermissionTable grants;
  private volatile Authorizer authorizer;

  /**
   * @param superUsers short names of the superusers, the server's own user first (listed in that order)
   * @param superGroups groups whose members are superusers, each with its leading {@code @}
   * @param groupsOf a user's groups by short name, as the server resolves them (never as the client says)
   */
  public AccessControl(PermissionStore store, List<String> superUsers, Set<String> superGroups,
      Function<String, List<String>> groupsOf) throws IOException {
    this.store = store;
    this.superUsers = List.copyOf(new LinkedHashSet<>(superUsers));
    this.superGroups = Set.copyOf(superGroups);
    this.groupsOf = groupsOf;
    reload();
  }

  /** The decisions as of the latest grant or revoke. */
  public Authorizer authorizer() {
    return authorizer;
  }

  public List<String> groups(String shortName) {
    return groupsOf.apply(shortName);
  }

  /** Grant, as the master's Grant RPC does it. */
  public synchronized void grant(RequestUser caller, UserPermission grant, boolean merge) throws IOException {
    requireAdminToChange(caller, grant, "grant");
    PermissionTable changed = grants.copy();
    changed.grant(grant, merge);
    publish(changed);
  }

  /** Revoke, as the master's Revoke RPC does it. */
  public synchronized void revoke(RequestUser caller, UserPermission grant) throws IOException {
    requireAdminToChange(caller, grant, "revoke");
    PermissionTable changed = grants.copy();
    changed.revoke(grant);
    publish(changed);
  }

  /**
   * Gives a table's owner every action on it, replacing what the owner had there: what creating or changing a
   * table does, whoever asks (the request itself was checked).
   */
  public synchronized void grantOwner(TableName table, String owner) throws IOException {
    PermissionTable changed = grants.copy();
    changed.grant(new UserPermission(owner, Permission.newBuilder(table).withActions(ALL_ACTIONS).build()), false);
    publish(changed);
  }

  /** Reads the grants again: in a cluster, after another node's master changed them. */
  public synchronized void reload() throws IOException {
    Optional<byte[]> saved = store.load();
    grants = saved.isPresent() ? PermissionTable.fromBytes(saved.get()) : new PermissionTable();
    authorizer = new Authorizer(grants, Set.copyOf(superUsers), superGroups);
  }

  /** Forgets a deleted table's or namespace's grants (their row). */
  public synchronized void forget(String row) throws IOException {
    PermissionTable changed = grants.copy();
    changed.dropRow(row);
    publish(changed);
  }

  /**
   * The grants at one scope, as GetUserPermissions answers: a table's own (narrowed to a family, and qualifier, when
   * asked), a namespace's, or the global ones followed by the superusers when no user is asked about; narrowed to
   * {@code user} (directly, or through a group of theirs) when one is given.
   *
   * @param table the table asked about, or null
   * @param namespace the namespace asked about when no table is, or null for the global grants
   */
  public List<UserPermission> userPermissions(RequestUser caller, TableName table, String namespace, byte[] family,
      byte[] qualifier, String user) throws AccessDeniedException {
    List<String> callerGroups = groups(caller.shortName());
    Authorizer decisions = authorizer;
    String row;
    if (table != null) {
      if (!decisions.table(caller.shortName(), callerGroups, table, family, qualifier, Action.ADMIN)) {
        throw tableContext(caller, table, family, qualifier).filterUser(user).exception();
      }
      row = PermissionTable.row(table);
    } else if (namespace != null) {
      if (!decisions.namespace(caller.shortName(), callerGroups, namespace, Action.ADMIN)) {
        throw new Denials.Context(caller.name(), Action.ADMIN).namespace(namespace).filterUser(user).exception();
      }
      row = PermissionTable.namespaceRow(namespace);
    } else {
      if (!decisions.global(caller.shortName(), callerGroups, Action.ADMIN)) {
        throw Denials.global(caller.shortName(), Action.ADMIN);
      }
      row = PermissionTable.GLOBAL_ROW;
    }
    List<String> userGroups = user == null || user.startsWith("@") ? List.of() : groups(user);
    List<UserPermission> answer = new ArrayList<>();
    for (UserPermission grant : grantsAt(row)) {
      boolean viaGroup = grant.getUser().startsWith("@") && userGroups.contains(grant.getUser().substring(1));
      if (user != null && !grant.getUser().equals(user) && !viaGroup) {
        continue;
      }
      if (table != null && family != null && !sameFamily(grant.getPermission(), family, qualifier)) {
        continue;
      }
      answer.add(grant);
    }
    if (table == null && namespace == null && user == null) {
      for (String superUser : superUsers) {
        answer.add(new UserPermission(superUser, Permission.newBuilder().withActions(ALL_ACTIONS).build()));
      }
    }
    return answer;
  }

  /**
   * Whether {@code user} (the caller when null) has each permission, as HasUserPermissions answers; asking about
   * another user needs ADMIN at each permission's scope.
   */
  public List<Boolean> hasPermissions(RequestUser caller, String user, List<Permission> permissions)
      throws AccessDeniedException {
    String asked = user == null || user.isEmpty() ? caller.shortName() : user;
    List<String> callerGroups = groups(caller.shortName());
    Authorizer decisions = authorizer;
    if (!asked.equals(caller.shortName())) {
      for (Permission permission : permissions) {
        requireAdmin(caller, callerGroups, decisions, permission, asked);
      }
    }
    List<String> askedGroups = groups(asked);
    List<Boolean> answers = new ArrayList<>();
    for (Permission permission : permissions) {
      boolean has = true;
      for (Action action : permission.getActions()) {
        has &= has(decisions, asked, askedGroups, permission, action);
      }
      answers.add(has);
    }
    return answers;
  }

  private static boolean has(Authorizer decisions, String user, List<String> groups, Permission permission,
      Action action) {
    if (permission instanceof TablePermission table) {
      if (action == Action.READ && table.getTableName().equals(TableName.META_TABLE_NAME)) {
        return true; // everyone may read hbase:meta
      }
      return decisions.table(user, groups, table.getTableName(), table.getFamily(), table.getQualifier(), action);
    }
    if (permission instanceof NamespacePermission namespace) {
      return decisions.namespace(user, groups, namespace.getNamespace(), action);
    }
    return decisions.global(user, groups, action);
  }

  /** Grant and Revoke: ADMIN at the grant's scope, and no touching a superuser's grants unless one is a superuser. */
  private void requireAdminToChange(RequestUser caller, UserPermission grant, String request)
      throws AccessDeniedException {
    List<String> callerGroups = groups(caller.shortName());
    Authorizer decisions = authorizer;
    requireAdmin(caller, callerGroups, decisions, grant.getPermission(), null);
    if (!decisions.isSuperUser(caller.shortName(), callerGroups) && isSuper(grant.getUser())) {
      throw new AccessDeniedException("Granting or revoking superusers's or supergroups's permissions is not "
          + "allowed");
    }
  }

  private void requireAdmin(RequestUser caller, List<String> callerGroups, Authorizer decisions,
      Permission permission, String filterUser) throws AccessDeniedException {
    if (permission instanceof TablePermission table) {
      if (!decisions.table(caller.shortName(), callerGroups, table.getTableName(), table.getFamily(),
          table.getQualifier(), Action.ADMIN)) {
        throw tableContext(caller, table.getTableName(), table.getFamily(), table.getQualifier())
            .filterUser(filterUser).exception();
      }
    } else if (permission instanceof NamespacePermission namespace) {
      if (!decisions.namespace(caller.shortName(), callerGroups, namespace.getNamespace(), Action.ADMIN)) {
        throw new Denials.Context(caller.name(), Action.ADMIN).namespace(namespace.getNamespace())
            .filterUser(filterUser).exception();
      }
    } else if (!decisions.global(caller.shortName(), callerGroups, Action.ADMIN)) {
      throw Denials.global(caller.shortName(), Action.ADMIN);
    }
  }

  /** Whether a grantee is a superuser, or (a user) in a supergroup. */
  private boolean isSuper(String grantee) {
    if (superUsers.contains(grantee) || superGroups.contains(grantee)) {
      return true;
    }
    if (grantee.startsWith("@")) {
      return false;
    }
    for (String group : groups(grantee)) {
      if (superGroups.contains("@" + group)) {
        return true;
      }
    }
    return false;
  }

  private static Denials.Context tableContext(RequestUser caller, TableName table, byte[] family,
      byte[] qualifier) {
    Denials.Context context = new Denials.Context(caller.name(), Action.ADMIN).table(table);
    if (family != null) {
      context.families(Bytes.toString(family) + (qualifier == null ? "" : ":" + Bytes.toString(qualifier)));
    }
    return context;
  }

  private static boolean sameFamily(Permission permission, byte[] family, byte[] qualifier) {
    if (!(permission instanceof TablePermission table) || !table.hasFamily()
        || !Bytes.equals(table.getFamily(), family)) {
      return false;
    }
    return qualifier == null || Bytes.equals(table.getQualifier(), qualifier);
  }

  private List<UserPermission> grantsAt(String row) {
    synchronized (this) {
      return grants.grants(row);
    }
  }

  private void publish(PermissionTable changed) throws IOException {
    store.save(changed.toBytes());
    grants = changed;
    authorizer = new Authorizer(changed, Set.copyOf(superUsers), superGroups);
  }
}
