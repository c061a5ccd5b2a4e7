package io.basalt.server.auth;

import io.basalt.hbase.security.Audit;
import io.basalt.hbase.security.AuthenticationTokens;
import io.basalt.hbase.security.SecuritySettings;
import io.basalt.hbase.security.TokenKeyStore;
import io.basalt.server.config.BasaltConfig;
import io.basalt.server.config.ConfigException;
import io.basalt.server.config.Settings;
import java.io.IOException;
import java.time.Clock;
import java.util.function.BooleanSupplier;
import org.apache.hadoop.security.UserGroupInformation;

/**
 * How a server authenticates its RPC clients: with simple authentication it believes them, or takes the user from
 * their TLS certificate; with Kerberos, its login and, once the cluster id is known (tokens are issued for it), its
 * delegation token keys.
 *
 * @param sasl Kerberos authentication, or null with simple authentication
 * @param tokens the delegation token keys, or null when tokens are not handed out
 * @param certificates how TLS client certificates name users, or null when they do not
 * @param permissions the superusers and group mapping of permission checks, or null when calls are not checked
 * @param audit where authentication and authorization decisions are recorded
 */
public record ServerSecurity(SaslAuthentication sasl, AuthenticationTokens tokens, CertificateUsers certificates,
    UserPermissionsConfig permissions, Audit audit) implements AutoCloseable {
  /** Logs the server in when Kerberos is on; a login that fails stops the start. */
  public static ServerSecurity login(BasaltConfig config, String advertisedHost) throws ConfigException {
    SaslAuthentication sasl = SaslAuthentication.fromConfig(config, advertisedHost);
    CertificateUsers certificates = CertificateUsers.fromConfig(config);
    if (sasl == null && certificates != null) {
      // Certificate names become short names under the auth_to_local rules; the Kerberos login set them otherwise.
      UserGroupInformation.setConfiguration(config.toHadoop());
    }
    // The server's own user, always a superuser, is its principal's short name with Kerberos.
    return new ServerSecurity(sasl, null, certificates,
        UserPermissionsConfig.fromConfig(config, sasl == null ? null : sasl.serverShortName()), Audit.NONE);
  }

  /** Simple authentication: users are whoever clients say they are. */
  public static ServerSecurity none() {
    return new ServerSecurity(null, null, null, null, Audit.NONE);
  }

  /**
   * Adds the delegation token keys: a single node's kept in its data directory, a cluster's in the replicated
   * catalog ({@code keys}), which only the active master adds to ({@code keeper}).
   */
  public ServerSecurity withTokens(BasaltConfig config, TokenKeyStore keys, BooleanSupplier keeper, Clock clock,
      String clusterId) throws ConfigException {
    if (sasl == null) {
      return this;
    }
    try {
      AuthenticationTokens tokens = new AuthenticationTokens(keys, clock,
          config.positiveLong(Settings.TOKEN_MAX_LIFETIME), config.positiveLong(Settings.TOKEN_KEY_UPDATE_INTERVAL),
          clusterId, keeper);
      return new ServerSecurity(sasl.withTokens(tokens), tokens, certificates, permissions, audit);
    } catch (IOException e) {
      throw new ConfigException("cannot read the delegation token keys: " + e.getMessage());
    }
  }

  /** The same security, recording its decisions in {@code audit}. */
  public ServerSecurity withAudit(Audit audit) {
    return new ServerSecurity(sasl, tokens, certificates, permissions, audit);
  }

  /** Closes the audit log, once no connection is left to record anything. */
  @Override
  public void close() {
    if (audit instanceof AutoCloseable log) {
      try {
        log.close();
      } catch (Exception e) {
        throw new IllegalStateException("cannot close the audit log", e);
      }
    }
  }

  /** What the HBase services need to know of it: Kerberos or not, the token keys, the permission checks. */
  public SecuritySettings forServices() {
    return new SecuritySettings(sasl != null, tokens, permissions == null ? null : permissions.forServices(audit));
  }

  /** How connections are authenticated, for the log line saying the port is open; empty for simple. */
  public String describe() {
    String kerberos = sasl == null ? "" : sasl.toString();
    String users = certificates == null ? "" : certificates.toString();
    return kerberos.isEmpty() || users.isEmpty() ? kerberos + users : kerberos + "; " + users;
  }
}
