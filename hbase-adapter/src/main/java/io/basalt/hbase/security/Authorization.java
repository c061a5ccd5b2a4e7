package io.basalt.hbase.security;

/**
 * HBase's permission checks, turned on ({@code hbase.security.authorization=true}): the grants and where decisions
 * are recorded. Each call gets its own {@link CallPermissions} over the grants as they are when it starts.
 */
public final class Authorization {
  private final AccessControl control;
  private final Audit audit;

  public Authorization(AccessControl control, Audit audit) {
    this.control = control;
    this.audit = audit;
  }

  /**
   * The checks of one call.
   *
   * @param remote the client's address, for the audit log
   * @param request what the call asks, as the audit log names it (the RPC method)
   */
  public CallPermissions forCall(RequestUser user, String remote, String request) {
    return new CallPermissions(this, control.authorizer(), user, remote, request);
  }

  public AccessControl control() {
    return control;
  }

  Audit audit() {
    return audit;
  }
}
