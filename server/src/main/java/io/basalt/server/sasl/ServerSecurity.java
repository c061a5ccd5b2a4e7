package io.basalt.server.sasl;

import io.basalt.hbase.security.AuthenticationTokens;
import io.basalt.server.config.BasaltConfig;
import io.basalt.server.config.ConfigException;
import io.basalt.server.config.Settings;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;

/**
 * How a server authenticates its RPC clients: nothing with simple authentication; with Kerberos, its login and, once
 * the cluster id is known (tokens are issued for it), its delegation token keys.
 *
 * @param sasl Kerberos authentication, or null with simple authentication
 * @param tokens the delegation token keys, or null when tokens are not handed out
 */
public record ServerSecurity(SaslAuthentication sasl, AuthenticationTokens tokens) {
  /** Logs the server in when Kerberos is on; a login that fails stops the start. */
  public static ServerSecurity login(BasaltConfig config, String advertisedHost) throws ConfigException {
    return new ServerSecurity(SaslAuthentication.fromConfig(config, advertisedHost), null);
  }

  /**
   * Adds the delegation token keys, kept in the data directory. A cluster's members would each sign with keys of
   * their own, which the others do not know, so cluster members hand out no tokens yet.
   */
  public ServerSecurity withTokens(BasaltConfig config, Path dataDir, Clock clock, String clusterId,
      boolean clusterMember) throws ConfigException {
    if (sasl == null || clusterMember) {
      return this;
    }
    try {
      AuthenticationTokens keys = new AuthenticationTokens(new TokenKeyFile(dataDir), clock,
          config.positiveLong(Settings.TOKEN_MAX_LIFETIME), config.positiveLong(Settings.TOKEN_KEY_UPDATE_INTERVAL),
          clusterId);
      return new ServerSecurity(sasl.withTokens(keys), keys);
    } catch (IOException e) {
      throw new ConfigException("cannot read the delegation token keys: " + e.getMessage());
    }
  }
}
