package io.basalt.hbase.security;

import java.io.IOException;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.filter.Filter;
import org.apache.hadoop.hbase.security.AccessDeniedException;
import org.apache.hadoop.hbase.security.access.Permission.Action;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The permission checks of one call, as HBase's AccessController makes them: each {@code require} either passes or
 * throws the AccessDeniedException HBase throws for that check, with its message, and records the decision in the
 * audit log. A call takes the grants as they are when it starts, so a grant or revoke applies from the next call on,
 * on every connection. With authorization off every call gets {@link #UNCHECKED}, which allows everything and
 * records nothing.
 */
public final class CallPermissions {
  /** Authorization is off: everything is allowed. */
  public static final CallPermissions UNCHECKED = new CallPermissions(null, null, null, "", "");

  private final Authorization authorization;
  private final Authorizer authorizer;
  private final RequestUser user;
  private final String remote;
  private final String request;
  private List<String> groups;

  CallPermissions(Authorization authorization, Authorizer authorizer, RequestUser user, String remote,
      String request) {
    this.authorization = authorization;
    this.authorizer = authorizer;
    this.user = user;
    this.remote = remote;
    this.request = request;
  }

  /** Whether permissions are checked at all. */
  public boolean checked() {
    return authorization != null;
  }

  /** The caller; null when permissions are not checked. */
  public RequestUser user() {
    return user;
  }

  /** Whether the caller is a superuser (everyone is, unchecked). */
  public boolean isSuperUser() {
    return !checked() || authorizer.isSuperUser(user.shortName(), groups());
  }

  /** A global check, HBase's shape for it: {@code (global, action=ADMIN)}. */
  public void requireGlobal(Action action) throws AccessDeniedException {
    if (!checked()) {
      return;
    }
    boolean allowed = authorizer.global(user.shortName(), groups(), action);
    decide(allowed, "global", () -> Denials.global(user.shortName(), action));
  }

  /** One of {@code actions} on a namespace (or globally): getNamespaceDescriptor, a namespace's lock. */
  public void requireNamespace(String namespace, Action... actions) throws AccessDeniedException {
    if (!checked()) {
      return;
    }
    decide(mayNamespace(namespace, actions), namespace,
        () -> new Denials.Context(user.name(), last(actions)).namespace(namespace).filterUser(null).exception());
  }

  /**
   * One of {@code actions} on the namespace a new table goes into, naming the table and its families: createTable
   * and cloning a snapshot to a new table.
   */
  public void requireNamespaceFor(TableName table, List<String> families, Action... actions)
      throws AccessDeniedException {
    if (!checked()) {
      return;
    }
    String namespace = table.getNamespaceAsString();
    decide(mayNamespace(namespace, actions), namespace, () -> {
      Denials.Context context = new Denials.Context(user.name(), last(actions)).namespace(namespace).table(table);
      if (!families.isEmpty()) {
        context.families(String.join("|", families));
      }
      return context.exception();
    });
  }

  /**
   * One of {@code actions} on a table (or its namespace, or globally): its DDL, flushes, compactions, splits, merges,
   * snapshots.
   */
  public void requireTable(TableName table, Action... actions) throws AccessDeniedException {
    requireColumn(table, null, null, actions);
  }

  /** One of {@code actions} on a family (and qualifier) of a table, or wider. */
  public void requireColumn(TableName table, byte[] family, byte[] qualifier, Action... actions)
      throws AccessDeniedException {
    if (!checked()) {
      return;
    }
    decide(mayTable(table, family, qualifier, actions), table.getNameWithNamespaceInclAsString(), () -> {
      Denials.Context context = new Denials.Context(user.name(), last(actions)).table(table);
      if (family != null) {
        context.families(Bytes.toString(family) + (qualifier == null ? "" : ":" + Bytes.toString(qualifier)));
      }
      return context.filterUser(null).exception();
    });
  }

  /** Whether the caller has the action globally: which other users' snapshots it is shown. */
  public boolean allowsGlobal(Action action) {
    return !checked() || authorizer.global(user.shortName(), groups(), action);
  }

  /** Whether the caller has one of {@code actions} on the table or wider: which tables' descriptors it is shown. */
  public boolean allowsTable(TableName table, Action... actions) {
    return !checked() || mayTable(table, null, null, actions);
  }

  /** Whether the caller has one of {@code actions} on the namespace or wider: which namespaces it is shown. */
  public boolean allowsNamespace(String namespace, Action... actions) {
    return !checked() || mayNamespace(namespace, actions);
  }

  /**
   * Whether any grant touching the table, at any scope, gives the caller any action: which tables' names it is
   * shown.
   */
  public boolean touchesTable(TableName table) {
    if (!checked()) {
      return true;
    }
    for (Action action : Action.values()) {
      if (authorizer.anyTableGrant(user.shortName(), groups(), table, action)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Decides a Get or Scan of the families (and qualifiers) asked for (every family of the table when it names
   * none): runs it whole, returns the filter that leaves out what may not be read (null when nothing is left out),
   * or refuses it.
   */
  public Filter readFilter(TableName table, Map<byte[], ? extends Collection<byte[]>> families)
      throws AccessDeniedException {
    if (!checked()) {
      return null;
    }
    String scope = table.getNameWithNamespaceInclAsString();
    DataAccess.Read read;
    try {
      read = DataAccess.read(authorizer, user, groups(), table, families);
    } catch (AccessDeniedException e) {
      audit(false, scope, e.getMessage());
      throw e;
    }
    audit(true, scope, read == DataAccess.Read.WHOLE ? "" : "filtered");
    return read == DataAccess.Read.WHOLE ? null : new ReadableCells(authorization.control(), user, groups(), table);
  }

  /** Decides a mutation touching {@code families} (each with the qualifiers it writes), all or nothing. */
  public void requireWrite(TableName table, Map<byte[], ? extends Collection<byte[]>> families)
      throws AccessDeniedException {
    requireCells(table, families, Action.WRITE);
  }

  /** Decides one action on the columns named, as a write is decided (a check-and-mutate's condition column). */
  public void requireCells(TableName table, Map<byte[], ? extends Collection<byte[]>> families, Action action)
      throws AccessDeniedException {
    if (!checked()) {
      return;
    }
    String scope = table.getNameWithNamespaceInclAsString();
    try {
      DataAccess.require(authorizer, user, groups(), table, families, action);
    } catch (AccessDeniedException e) {
      audit(false, scope, e.getMessage());
      throw e;
    }
    audit(true, scope, "");
  }

  /**
   * A scanner is used only by the user who opened it (or a superuser), as HBase's region servers check with its
   * AccessController loaded.
   */
  public void requireScannerOwner(String owner) throws AccessDeniedException {
    if (!checked() || owner == null || owner.equals(user.shortName()) || isSuperUser()) {
      return;
    }
    AccessDeniedException denied = new AccessDeniedException("User '" + user.shortName()
        + "' is not the scanner owner!");
    audit(false, "scanner", denied.getMessage());
    throw denied;
  }

  /** After a table is created or changed: its owner (or the caller) is given every action on it. */
  public void tableOwnedBy(TableName table, String owner) throws IOException {
    if (checked()) {
      authorization.control().grantOwner(table, owner == null ? user.shortName() : owner);
    }
  }

  /** After a table is deleted: its grants go with it. */
  public void tableDeleted(TableName table) throws IOException {
    if (checked()) {
      authorization.control().forget(PermissionTable.row(table));
    }
  }

  /** After a namespace is deleted: its grants go with it. */
  public void namespaceDeleted(String namespace) throws IOException {
    if (checked()) {
      authorization.control().forget(PermissionTable.namespaceRow(namespace));
    }
  }

  /** A decision made elsewhere (by the permission RPCs' own rules): {@code check} passes or throws the refusal. */
  public void audited(String scope, Check check) throws IOException {
    if (!checked()) {
      check.run();
      return;
    }
    try {
      check.run();
    } catch (AccessDeniedException e) {
      audit(false, scope, e.getMessage());
      throw e;
    }
    audit(true, scope, "");
  }

  /** A check that passes or throws. */
  public interface Check {
    void run() throws IOException;
  }

  /** The grants, for the permission RPCs; null when permissions are not checked. */
  public AccessControl control() {
    return checked() ? authorization.control() : null;
  }

  private boolean mayNamespace(String namespace, Action... actions) {
    for (Action action : actions) {
      if (authorizer.namespace(user.shortName(), groups(), namespace, action)) {
        return true;
      }
    }
    return false;
  }

  private boolean mayTable(TableName table, byte[] family, byte[] qualifier, Action... actions) {
    for (Action action : actions) {
      if (authorizer.table(user.shortName(), groups(), table, family, qualifier, action)) {
        return true;
      }
    }
    return false;
  }

  private List<String> groups() {
    if (groups == null) {
      groups = authorization.control().groups(user.shortName());
    }
    return groups;
  }

  /** HBase names the last action it tried when any of several would have done: CREATE for "ADMIN or CREATE". */
  private static Action last(Action[] actions) {
    return actions[actions.length - 1];
  }

  private interface Refusal {
    AccessDeniedException exception();
  }

  private void decide(boolean allowed, String scope, Refusal refusal) throws AccessDeniedException {
    if (allowed) {
      audit(true, scope, "");
      return;
    }
    AccessDeniedException denied = refusal.exception();
    audit(false, scope, denied.getMessage());
    throw denied;
  }

  private void audit(boolean allowed, String scope, String reason) {
    Audit audit = authorization.audit();
    if (audit.records(allowed)) {
      audit.record(new AuditEvent(user.name(), String.valueOf(user.method()), remote, request, scope, allowed,
          reason));
    }
  }
}
