package io.basalt.server.auth;

import io.basalt.server.config.BasaltConfig;
import io.basalt.server.config.ConfigException;
import io.basalt.server.config.Setting;
import io.basalt.server.config.Settings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.security.SecurityUtil;
import org.apache.hadoop.security.UserGroupInformation;

/**
 * Logs the server in as its Kerberos principal from its keytab, with Hadoop's {@link UserGroupInformation} as HBase
 * does, so the keys the GSSAPI acceptor needs are in the returned user's credentials. Acceptors use the keytab's
 * keys directly, so the login never needs renewing.
 */
final class KerberosLogin {
  private KerberosLogin() {}

  /**
   * @param host the name clients reach this server by, which replaces {@code _HOST} in the principal; clients look
   *     for their own {@code _HOST} under the canonical name of the address they connect to, so that is what it
   *     must be
   */
  static UserGroupInformation login(BasaltConfig config, Configuration hadoop, String host) throws ConfigException {
    String principalPattern = either(config, Settings.KERBEROS_PRINCIPAL, Settings.MASTER_KERBEROS_PRINCIPAL);
    String keytab = either(config, Settings.KERBEROS_KEYTAB, Settings.MASTER_KERBEROS_KEYTAB);
    String master = config.get(Settings.MASTER_KERBEROS_PRINCIPAL);
    if (!master.isBlank() && !master.equals(principalPattern)) {
      throw new ConfigException(Settings.KERBEROS_PRINCIPAL.key() + " (" + principalPattern + ") and "
          + Settings.MASTER_KERBEROS_PRINCIPAL.key() + " (" + master + ") differ; one Basalt process answers "
          + "master and region server calls under one principal, so set them to the same value");
    }
    if (!Files.isReadable(Path.of(keytab))) {
      throw new ConfigException("cannot read the keytab " + keytab + " (" + Settings.KERBEROS_KEYTAB.key() + ")");
    }
    String principal;
    try {
      principal = SecurityUtil.getServerPrincipal(principalPattern, host);
    } catch (IOException e) {
      throw new ConfigException("cannot use " + principalPattern + " as the server principal: " + e.getMessage());
    }
    if (principal.split("[/@]").length != 3) {
      throw new ConfigException("the server principal " + principal + " must name a service, a host and a realm "
          + "(service/host@REALM), as HBase clients ask for a ticket to service/host-they-connect-to@REALM");
    }
    hadoop.set("hadoop.security.authentication", "kerberos");
    UserGroupInformation.setConfiguration(hadoop);
    try {
      return UserGroupInformation.loginUserFromKeytabAndReturnUGI(principal, keytab);
    } catch (IOException e) {
      throw new ConfigException("cannot log in as " + principal + " with the keytab " + keytab + ": "
          + ConfigException.causes(e));
    }
  }

  private static String either(BasaltConfig config, Setting first, Setting second) throws ConfigException {
    String value = config.get(first).isBlank() ? config.get(second) : config.get(first);
    if (value.isBlank()) {
      throw new ConfigException(Settings.AUTHENTICATION.key() + "=kerberos needs " + first.key());
    }
    return value.trim();
  }
}
