package io.basalt.server.auth;

import io.basalt.hbase.security.AuthenticationTokens;
import io.basalt.hbase.security.RequestUser;
import io.basalt.server.config.BasaltConfig;
import io.basalt.server.config.ConfigException;
import io.basalt.server.config.Settings;
import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.security.PrivilegedExceptionAction;
import java.util.Locale;
import java.util.Map;
import javax.security.auth.callback.Callback;
import javax.security.auth.callback.UnsupportedCallbackException;
import javax.security.sasl.AuthorizeCallback;
import javax.security.sasl.Sasl;
import javax.security.sasl.SaslException;
import javax.security.sasl.SaslServer;
import org.apache.hadoop.hbase.security.AccessDeniedException;
import org.apache.hadoop.hbase.security.SaslUtil;
import org.apache.hadoop.security.UserGroupInformation.AuthenticationMethod;
import org.apache.hadoop.security.UserGroupInformation;

/**
 * Kerberos authentication of RPC connections ({@code hbase.security.authentication=kerberos}): the server's login,
 * the SASL properties both sides derive from {@code hbase.rpc.protection} (with HBase's own {@link SaslUtil}, so
 * the names and their order mean what they mean to the client), and one {@link SaslExchange} per connection, with
 * GSSAPI for Kerberos users and DIGEST-MD5 for holders of a delegation token.
 */
public final class SaslAuthentication {
  private static final String GSSAPI = "GSSAPI";
  private static final String DIGEST = "DIGEST-MD5";

  private final UserGroupInformation serverUser;
  private final String[] principalParts;
  private final Map<String, String> saslProperties;
  private final boolean simpleAllowed;
  private final AuthenticationTokens tokens;

  private SaslAuthentication(UserGroupInformation serverUser, Map<String, String> saslProperties,
      boolean simpleAllowed, AuthenticationTokens tokens) {
    this.serverUser = serverUser;
    this.principalParts = SaslUtil.splitKerberosName(serverUser.getUserName());
    this.saslProperties = saslProperties;
    this.simpleAllowed = simpleAllowed;
    this.tokens = tokens;
  }

  /** The same authentication, also accepting the delegation tokens {@code tokens} checks. */
  public SaslAuthentication withTokens(AuthenticationTokens tokens) {
    return new SaslAuthentication(serverUser, saslProperties, simpleAllowed, tokens);
  }

  /**
   * Kerberos authentication as configured, the server logged in; null with simple authentication.
   *
   * @param advertisedHost the host this server tells clients to reach it at; {@code _HOST} in the principal becomes
   *     its canonical name, lower case, which is the name HBase clients put in the principal they ask a ticket for
   */
  public static SaslAuthentication fromConfig(BasaltConfig config, String advertisedHost) throws ConfigException {
    String method = config.get(Settings.AUTHENTICATION).trim().toLowerCase(Locale.ROOT);
    if (method.equals("simple")) {
      return null;
    }
    if (!method.equals("kerberos")) {
      throw new ConfigException(Settings.AUTHENTICATION.key() + " must be simple or kerberos, not '"
          + config.get(Settings.AUTHENTICATION) + "'");
    }
    Map<String, String> properties;
    try {
      properties = SaslUtil.initSaslProperties(config.get(Settings.RPC_PROTECTION));
    } catch (IllegalArgumentException e) {
      throw new ConfigException(Settings.RPC_PROTECTION.key() + ": " + e.getMessage());
    }
    UserGroupInformation user = KerberosLogin.login(config, config.toHadoop(), canonicalName(advertisedHost));
    return new SaslAuthentication(user, Map.copyOf(properties), config.bool(Settings.SIMPLE_AUTH_FALLBACK), null);
  }

  private static String canonicalName(String host) throws ConfigException {
    try {
      return InetAddress.getByName(host).getCanonicalHostName().toLowerCase(Locale.ROOT);
    } catch (UnknownHostException e) {
      throw new ConfigException("cannot resolve the advertised host " + host + " to find the server principal's "
          + "host name: " + e.getMessage());
    }
  }

  /** The principal this server authenticates as, which it tells clients that ask (the "Securi" preamble). */
  public String serverPrincipal() {
    return serverUser.getUserName();
  }

  /** The short name of that principal: the user the server runs as, which HBase makes a superuser. */
  public String serverShortName() {
    return serverUser.getShortUserName();
  }

  /** Whether clients that do not authenticate are served anyway (hbase.ipc.server.fallback-to-simple-auth-allowed). */
  public boolean simpleAllowed() {
    return simpleAllowed;
  }

  /** Starts authenticating one connection whose client asked for Kerberos. */
  public SaslExchange kerberosExchange() throws SaslException {
    SaslServer server = asServer(() -> Sasl.createSaslServer(GSSAPI, principalParts[0], principalParts[1],
        saslProperties, SaslAuthentication::authorizeSameUser));
    if (server == null) {
      throw new SaslException("this JVM offers no " + GSSAPI + " SASL server");
    }
    return new SaslExchange(server, this, saslProperties.get(Sasl.QOP),
        principal -> new RequestUser(principal, shortName(principal), AuthenticationMethod.KERBEROS));
  }

  /**
   * Starts authenticating one connection whose client presents a delegation token.
   *
   * @throws AccessDeniedException when this server has no token keys (HBase's answer without its secret manager)
   */
  public SaslExchange tokenExchange() throws IOException {
    if (tokens == null) {
      throw new AccessDeniedException("Server is not configured to do DIGEST authentication.");
    }
    // HBase's clients name no protocol and the server "default" (SaslUtil.SASL_DEFAULT_REALM) for DIGEST-MD5.
    SaslServer server = Sasl.createSaslServer(DIGEST, null, SaslUtil.SASL_DEFAULT_REALM, saslProperties,
        new TokenCallbacks(tokens));
    if (server == null) {
      throw new SaslException("this JVM offers no " + DIGEST + " SASL server");
    }
    return new SaslExchange(server, this, saslProperties.get(Sasl.QOP), authorizationId -> {
      String user = TokenCallbacks.identifier(authorizationId).getUsername();
      if (user == null || user.isEmpty()) {
        throw new AccessDeniedException("Can't retrieve username from tokenIdentifier.");
      }
      return new RequestUser(user, shortName(user), AuthenticationMethod.TOKEN);
    });
  }

  /** A principal's name under the auth_to_local rules, with Hadoop's own code, as HBase has it. */
  private static String shortName(String principal) throws AccessDeniedException {
    try {
      return UserGroupInformation.createRemoteUser(principal).getShortUserName();
    } catch (IllegalArgumentException e) {
      throw new AccessDeniedException("no " + Settings.AUTH_TO_LOCAL.key() + " rule gives " + principal
          + " a user name: " + e.getMessage());
    }
  }

  /** Runs an action with the server's Kerberos credentials in scope, as the GSSAPI mechanism looks them up there. */
  <T> T asServer(PrivilegedExceptionAction<T> action) throws SaslException {
    try {
      return serverUser.doAs(action);
    } catch (SaslException e) {
      throw e;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SaslException("interrupted", e);
    } catch (Exception e) { // doAs rethrows the action's own exception
      throw new SaslException(String.valueOf(e.getMessage()), e);
    }
  }

  /**
   * GSSAPI's one callback: a client may act only as the principal it authenticated as (HBase clients name no other,
   * so the JDK makes the two the same).
   */
  private static void authorizeSameUser(Callback[] callbacks) throws UnsupportedCallbackException {
    for (Callback callback : callbacks) {
      if (!(callback instanceof AuthorizeCallback authorize)) {
        throw new UnsupportedCallbackException(callback, "unexpected SASL GSSAPI callback");
      }
      boolean same = authorize.getAuthenticationID().equals(authorize.getAuthorizationID());
      authorize.setAuthorized(same);
      if (same) {
        authorize.setAuthorizedID(authorize.getAuthorizationID());
      }
    }
  }

  @Override
  public String toString() {
    return "Kerberos as " + serverPrincipal() + ", protection " + saslProperties.get(Sasl.QOP)
        + (tokens == null ? "" : ", delegation tokens")
        + (simpleAllowed ? ", simple authentication still accepted" : "");
  }
}
