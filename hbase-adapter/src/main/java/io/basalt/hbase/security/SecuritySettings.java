package io.basalt.hbase.security;

import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * What the server's security offers the HBase services: whether clients authenticate with Kerberos (which HBase
 * reports as SECURE_AUTHENTICATION and which brings AuthenticationService, the endpoint HBase's TokenProvider adds
 * in secure deployments), the delegation token keys, and whether and how permissions are checked.
 *
 * @param kerberos whether {@code hbase.security.authentication} is kerberos
 * @param tokens the delegation token keys, or null when no tokens are handed out
 * @param permissions how permissions are checked, or null when they are not
 */
public record SecuritySettings(boolean kerberos, AuthenticationTokens tokens, Permissions permissions) {
  /** Simple authentication: no Kerberos, no tokens, no permissions. */
  public static SecuritySettings simple() {
    return new SecuritySettings(false, null, null);
  }

  /**
   * HBase's permission checks ({@code hbase.security.authorization=true}).
   *
   * @param superUsers short names of the superusers, the server's own user first
   * @param superGroups groups whose members are superusers, each with its leading {@code @}
   * @param groupsOf a user's groups by short name, as the server resolves them
   * @param audit where decisions are recorded
   */
  public record Permissions(List<String> superUsers, Set<String> superGroups,
      Function<String, List<String>> groupsOf, Audit audit) {}
}
