package io.basalt.hbase.security;

import java.io.IOException;
import java.util.Set;
import org.apache.hadoop.hbase.exceptions.UnknownProtocolException;
import org.apache.hadoop.hbase.protobuf.generated.AuthenticationProtos.GetAuthenticationTokenResponse;
import org.apache.hadoop.hbase.protobuf.generated.AuthenticationProtos.WhoAmIResponse;
import org.apache.hadoop.hbase.security.AccessDeniedException;
import org.apache.hadoop.security.UserGroupInformation.AuthenticationMethod;

/**
 * HBase's AuthenticationService, the coprocessor endpoint clients call on hbase:meta (ClientService.ExecService) to
 * get a delegation token ({@code ClientTokenUtil.obtainToken}, {@code TokenUtil.obtainAndCacheToken}, MapReduce's
 * {@code TableMapReduceUtil.initCredentials}) or to ask who the server takes them for. Basalt serves it whenever
 * Kerberos is on, where HBase needs its TokenProvider coprocessor configured.
 */
public final class AuthenticationEndpoint {
  public static final String SERVICE = "AuthenticationService";
  /** Who may get a token: users who proved who they are with something other than a token. */
  private static final Set<AuthenticationMethod> TOKEN_GRANTING =
      Set.of(AuthenticationMethod.KERBEROS, AuthenticationMethod.KERBEROS_SSL, AuthenticationMethod.CERTIFICATE);

  private final AuthenticationTokens tokens;

  /** @param tokens the server's token keys, or null when tokens are off (simple authentication) */
  public AuthenticationEndpoint(AuthenticationTokens tokens) {
    this.tokens = tokens;
  }

  /** Runs {@code method} for {@code user} and returns its response's bytes. */
  public byte[] call(RequestUser user, String method) throws IOException {
    switch (method) {
      case "GetAuthenticationToken" -> {
        if (tokens == null) {
          throw new IOException("No secret manager configured for token authentication");
        }
        if (!TOKEN_GRANTING.contains(user.method())) {
          throw new AccessDeniedException("Token generation only allowed for Kerberos authenticated clients");
        }
        return GetAuthenticationTokenResponse.newBuilder().setToken(tokens.issue(user.name())).build().toByteArray();
      }
      case "WhoAmI" -> {
        return WhoAmIResponse.newBuilder().setUsername(user.name()).setAuthMethod(user.method().name()).build()
            .toByteArray();
      }
      default -> throw new UnknownProtocolException("Unknown method " + method + " called on service " + SERVICE);
    }
  }
}
