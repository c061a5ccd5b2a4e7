package io.basalt.hbase.security;

import org.apache.hadoop.security.UserGroupInformation.AuthenticationMethod;

/**
 * Who a call runs as: the user its connection authenticated as, or with simple authentication the user the client
 * named.
 *
 * @param name the full name the client proved (a Kerberos principal such as {@code alice@EXAMPLE.COM}), or with
 *     simple authentication the name it gave
 * @param shortName the name procedures and permissions use: {@code name} after the auth_to_local rules
 *     ({@code alice})
 * @param method how the name was established, as HBase reports it (SIMPLE, KERBEROS, TOKEN)
 */
public record RequestUser(String name, String shortName, AuthenticationMethod method) {
  /** A user who named themselves in the connection header, with no proof. */
  public static RequestUser simple(String name) {
    return new RequestUser(name, name, AuthenticationMethod.SIMPLE);
  }
}
