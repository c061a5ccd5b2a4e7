package io.basalt.server.auth;

import io.basalt.hbase.security.RequestUser;
import io.basalt.server.config.BasaltConfig;
import io.basalt.server.config.ConfigException;
import io.basalt.server.config.Settings;
import io.netty.channel.Channel;
import io.netty.handler.ssl.SslHandler;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.Locale;
import javax.naming.InvalidNameException;
import javax.naming.ldap.LdapName;
import javax.naming.ldap.Rdn;
import javax.net.ssl.SSLPeerUnverifiedException;
import org.apache.hadoop.security.UserGroupInformation.AuthenticationMethod;
import org.apache.hadoop.security.UserGroupInformation;

/**
 * Users proved by TLS client certificates ({@code basalt.security.certificate.user}), which HBase 2.6 does not have:
 * a connection that presented a certificate the trust store accepts runs as the user its subject names, its
 * common name ({@code CN}) or its whole distinguished name ({@code DN}, as RFC 2253 writes it), whoever its
 * connection header claims to be. The short name (procedures, permissions) is that name after the
 * {@code hadoop.security.auth_to_local} rules, so {@code CN=alice@EXAMPLE.COM} and a Kerberos alice are one user.
 * Connections without a certificate (plaintext, or client authentication WANT) stay with simple authentication.
 */
public final class CertificateUsers {
  private enum Rule { CN, DN }

  private final Rule rule;

  private CertificateUsers(Rule rule) {
    this.rule = rule;
  }

  /** The configured rule, or null when certificates name no user ({@code none}, the default). */
  public static CertificateUsers fromConfig(BasaltConfig config) throws ConfigException {
    String value = config.get(Settings.CERTIFICATE_USER).trim().toUpperCase(Locale.ROOT);
    if (value.equals("NONE")) {
      return null;
    }
    try {
      return new CertificateUsers(Rule.valueOf(value));
    } catch (IllegalArgumentException e) {
      throw new ConfigException(Settings.CERTIFICATE_USER.key() + " must be none, CN or DN, not '"
          + config.get(Settings.CERTIFICATE_USER) + "'");
    }
  }

  /** The user of the certificate {@code channel}'s client presented, or null when it presented none. */
  public RequestUser userOf(Channel channel) {
    SslHandler tls = channel.pipeline().get(SslHandler.class);
    if (tls == null || !tls.handshakeFuture().isSuccess()) {
      return null;
    }
    Certificate[] chain;
    try {
      chain = tls.engine().getSession().getPeerCertificates();
    } catch (SSLPeerUnverifiedException e) {
      return null; // client authentication WANT, and the client has no certificate
    }
    if (chain.length == 0 || !(chain[0] instanceof X509Certificate certificate)) {
      return null;
    }
    String name = name(certificate.getSubjectX500Principal().getName());
    if (name == null) {
      return null;
    }
    String shortName;
    try {
      shortName = UserGroupInformation.createRemoteUser(name).getShortUserName();
    } catch (IllegalArgumentException e) {
      shortName = name; // no auth_to_local rule applies to a name with a realm it does not know
    }
    return new RequestUser(name, shortName, AuthenticationMethod.CERTIFICATE);
  }

  /** The subject's name under the rule; null when a CN rule meets a subject without one. */
  String name(String distinguishedName) {
    if (rule == Rule.DN) {
      return distinguishedName;
    }
    try {
      String commonName = null;
      for (Rdn rdn : new LdapName(distinguishedName).getRdns()) { // least significant last
        if (rdn.getType().equalsIgnoreCase("CN")) {
          commonName = rdn.getValue().toString();
        }
      }
      return commonName;
    } catch (InvalidNameException e) {
      return null; // the JDK wrote this name itself, from a certificate it parsed
    }
  }

  @Override
  public String toString() {
    return "users from client certificates' " + rule;
  }
}
