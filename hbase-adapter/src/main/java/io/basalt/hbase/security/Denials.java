package io.basalt.hbase.security;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.security.AccessDeniedException;
import org.apache.hadoop.hbase.security.access.Permission.Action;

/**
 * The AccessDeniedException messages of HBase 2.6.4's AccessController, in its three shapes, since applications and
 * tests match on them: a global check's ({@code Insufficient permissions for user 'bob' (global, action=ADMIN)}), a
 * read's ({@code Insufficient permissions for user 'bob' (table=t1, action=READ)}, without {@code default:}), and
 * the context form of every other check, naming the scope, the families and the parameters checked
 * ({@code Insufficient permissions (user=bob, scope=default:t1, params=[table=default:t1,],action=CREATE)}).
 * Each shape's details (which names carry their namespace, the trailing comma an absent filter user leaves, the
 * last action named when either of two would do) were taken from HBase's own classes run against such checks.
 */
public final class Denials {
  private Denials() {}

  /** A global check: the user by short name. */
  public static AccessDeniedException global(String shortName, Action action) {
    return new AccessDeniedException("Insufficient permissions for user '" + shortName + "' (global, action="
        + action + ")");
  }

  /** A Get, exists or Scan with nothing of what it asks readable. */
  public static AccessDeniedException read(String shortName, TableName table) {
    return new AccessDeniedException("Insufficient permissions for user '" + shortName + "' (table=" + table
        + ", action=READ)");
  }

  /** The context form's details: what was checked, at which scope. */
  public static final class Context {
    private final String user;
    private final Action action;
    private String scope = "GLOBAL";
    private boolean namespaceScope;
    private final List<String> params = new ArrayList<>();
    private String families;

    /** @param user the user's full name (a Kerberos principal stays whole here) */
    public Context(String user, Action action) {
      this.user = user;
      this.action = action;
    }

    /** A check on a namespace, which is its scope. */
    public Context namespace(String namespace) {
      scope = namespace;
      namespaceScope = true;
      params.add("namespace=" + namespace);
      return this;
    }

    /** A check on a table, its scope unless the check is on its namespace. */
    public Context table(TableName table) {
      if (!namespaceScope) {
        scope = table.getNameWithNamespaceInclAsString();
      }
      params.add("table=" + table.getNameWithNamespaceInclAsString());
      return this;
    }

    /** The families checked, each {@code family} or {@code family:qualifier}, joined by {@code |}. */
    public Context families(String joined) {
      families = joined;
      params.add("family=" + joined);
      return this;
    }

    /**
     * The user the check was asked about; a check with room for one but none given leaves an empty parameter (and
     * so a trailing comma), as HBase's does.
     */
    public Context filterUser(String filterUser) {
      params.add(filterUser == null ? "" : "filterUser=" + filterUser);
      return this;
    }

    public AccessDeniedException exception() {
      StringBuilder text = new StringBuilder("Insufficient permissions (user=").append(user).append(", scope=")
          .append(scope).append(", ");
      if (families != null && !namespaceScope) {
        text.append("family=").append(families).append(", ");
      }
      if (!params.isEmpty()) {
        text.append("params=[").append(String.join(",", params)).append("],");
      }
      return new AccessDeniedException(text.append("action=").append(action).append(')').toString());
    }
  }
}
