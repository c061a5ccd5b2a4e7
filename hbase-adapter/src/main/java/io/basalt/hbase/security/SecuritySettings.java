package io.basalt.hbase.security;

/**
 * What the server's security offers the HBase services: whether clients authenticate with Kerberos (which HBase
 * reports as SECURE_AUTHENTICATION and which brings AuthenticationService, the endpoint HBase's TokenProvider adds
 * in secure deployments) and the delegation token keys.
 *
 * @param kerberos whether {@code hbase.security.authentication} is kerberos
 * @param tokens the delegation token keys, or null when no tokens are handed out
 */
public record SecuritySettings(boolean kerberos, AuthenticationTokens tokens) {
  /** Simple authentication: no Kerberos, no tokens. */
  public static SecuritySettings simple() {
    return new SecuritySettings(false, null);
  }
}
