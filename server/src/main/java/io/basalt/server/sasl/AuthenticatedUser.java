package io.basalt.server.sasl;

import org.apache.hadoop.security.UserGroupInformation.AuthenticationMethod;

/**
 * Who a connection's calls run as once the connection is authenticated.
 *
 * @param name the full name the client proved (a Kerberos principal such as {@code alice@EXAMPLE.COM}), or with
 *     simple authentication the name it gave
 * @param shortName the name procedures and permissions use: {@code name} after the auth_to_local rules
 *     ({@code alice})
 * @param method how the name was established, as HBase reports it (SIMPLE, KERBEROS, TOKEN)
 */
public record AuthenticatedUser(String name, String shortName, AuthenticationMethod method) {
  /** A user who named themselves in the connection header, with no proof. */
  public static AuthenticatedUser simple(String name) {
    return new AuthenticatedUser(name, name, AuthenticationMethod.SIMPLE);
  }
}
