package io.basalt.tools.cert;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.security.cert.CertPathValidatorException;
import java.security.cert.CertificateExpiredException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import javax.net.ssl.SSLHandshakeException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.io.crypto.tls.X509Util;
import org.apache.hbase.thirdparty.io.netty.handler.ssl.SslContext;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Stores written by {@link TlsStores}, in each format, loaded by HBase's own {@code X509Util} as a server and a
 * client with client certificates required, then used for a real TLS connection: it succeeds with certificates
 * from the trusted CA, and fails for a certificate from another CA or one that has expired.
 */
class HBaseReadsStoresTest {
  private static final List<String> LOOPBACK = List.of("localhost", "127.0.0.1", "::1");
  private static final Duration DAY = Duration.ofDays(1);

  /** Each store format, and PEM both with an encrypted key and with a key in the clear. */
  enum Variant {
    JKS(StoreType.JKS, "jks-secret"),
    PKCS12(StoreType.PKCS12, "p12-secret"),
    PEM_WITH_PASSWORD(StoreType.PEM, "pem-secret"),
    PEM_WITHOUT_PASSWORD(StoreType.PEM, null);

    final StoreType type;
    final String password;

    Variant(StoreType type, String password) {
      this.type = type;
      this.password = password;
    }
  }

  private static CertificateAuthority ca;
  private static CertificateAuthority otherCa;
  private static IssuedCertificate server;
  private static IssuedCertificate client;

  @BeforeAll
  static void makeCertificates() throws Exception {
    ca = CertificateAuthority.create("test CA", DAY);
    // Another CA of the same name: a JDK client offers only certificates whose issuer the server names, so a
    // differently named CA's certificate would never be sent, and the server would refuse the client's silence
    // rather than the certificate. With the same name it is sent, and only its signature tells it apart.
    otherCa = CertificateAuthority.create("test CA", DAY);
    server = ca.issue("localhost", LOOPBACK, DAY);
    client = ca.issue("test-client", LOOPBACK, DAY);
  }

  @ParameterizedTest
  @EnumSource(Variant.class)
  void serverAndClientConnect(Variant variant, @TempDir Path dir) throws Exception {
    SslContext serverContext = serverContext(variant, dir, server, ca);
    assertTrue(LoopbackTls.serverParameters(serverContext).getNeedClientAuth(),
        "client.auth.mode=NEED reaches the server's connections");
    LoopbackTls.Outcome outcome = LoopbackTls.connect(serverContext, clientContext(variant, dir, client, ca));
    assertTrue(outcome.connected(), outcome.toString());
  }

  @ParameterizedTest
  @EnumSource(Variant.class)
  void serverRefusesClientCertificateOfAnotherCa(Variant variant, @TempDir Path dir) throws Exception {
    IssuedCertificate stranger = otherCa.issue("stranger", LOOPBACK, DAY);
    LoopbackTls.Outcome outcome = LoopbackTls.connect(serverContext(variant, dir, server, ca),
        clientContext(variant, dir, stranger, ca));
    assertFalse(outcome.connected(), outcome.toString());
    assertRefused(outcome.server(), CertPathValidatorException.class);
  }

  @ParameterizedTest
  @EnumSource(Variant.class)
  void clientRefusesServerCertificateOfAnotherCa(Variant variant, @TempDir Path dir) throws Exception {
    IssuedCertificate impostor = otherCa.issue("localhost", LOOPBACK, DAY);
    LoopbackTls.Outcome outcome = LoopbackTls.connect(serverContext(variant, dir, impostor, ca),
        clientContext(variant, dir, client, ca));
    assertFalse(outcome.connected(), outcome.toString());
    assertRefused(outcome.client(), CertPathValidatorException.class);
  }

  @ParameterizedTest
  @EnumSource(Variant.class)
  void clientRefusesExpiredServerCertificate(Variant variant, @TempDir Path dir) throws Exception {
    Instant now = Instant.now();
    IssuedCertificate expired = ca.issue("localhost", LOOPBACK, now.minus(Duration.ofDays(2)), now.minus(DAY));
    LoopbackTls.Outcome outcome = LoopbackTls.connect(serverContext(variant, dir, expired, ca),
        clientContext(variant, dir, client, ca));
    assertFalse(outcome.connected(), outcome.toString());
    assertRefused(outcome.client(), CertificateExpiredException.class);
  }

  @ParameterizedTest
  @EnumSource(Variant.class)
  void serverRefusesExpiredClientCertificate(Variant variant, @TempDir Path dir) throws Exception {
    Instant now = Instant.now();
    IssuedCertificate expired = ca.issue("test-client", LOOPBACK, now.minus(Duration.ofDays(2)), now.minus(DAY));
    LoopbackTls.Outcome outcome = LoopbackTls.connect(serverContext(variant, dir, server, ca),
        clientContext(variant, dir, expired, ca));
    assertFalse(outcome.connected(), outcome.toString());
    assertRefused(outcome.server(), CertificateExpiredException.class);
  }

  /** The side that checked the certificate failed the handshake, and for the expected reason. */
  private static void assertRefused(Throwable error, Class<? extends Throwable> reason) {
    assertInstanceOf(SSLHandshakeException.class, error);
    for (Throwable cause = error; cause != null; cause = cause.getCause()) {
      if (reason.isInstance(cause)) {
        return;
      }
    }
    throw new AssertionError("no " + reason.getSimpleName() + " among the causes of " + error, error);
  }

  private static SslContext serverContext(Variant variant, Path dir, IssuedCertificate key,
      CertificateAuthority trusted) throws Exception {
    Map<String, String> properties = HBaseTlsProperties.server(keyStore(variant, dir, "server", key),
        trustStore(variant, dir, "server-trust", trusted), variant.type, variant.password);
    Configuration conf = configuration(properties);
    conf.set(X509Util.HBASE_SERVER_NETTY_TLS_CLIENT_AUTH_MODE, "NEED");
    return X509Util.createSslContextForServer(conf);
  }

  private static SslContext clientContext(Variant variant, Path dir, IssuedCertificate key,
      CertificateAuthority trusted) throws Exception {
    Map<String, String> properties = HBaseTlsProperties.client(keyStore(variant, dir, "client", key),
        trustStore(variant, dir, "client-trust", trusted), variant.type, variant.password);
    return X509Util.createSslContextForClient(configuration(properties));
  }

  private static Configuration configuration(Map<String, String> properties) {
    Configuration conf = new Configuration(false);
    properties.forEach(conf::set);
    // LoopbackTls needs the JDK's provider; HBase would pick OpenSSL if netty-tcnative were on the class path.
    conf.setBoolean(X509Util.TLS_USE_OPENSSL, false);
    return conf;
  }

  private static Path keyStore(Variant variant, Path dir, String name, IssuedCertificate key) throws Exception {
    Path file = dir.resolve(name + variant.type.extension());
    TlsStores.writeKeyStore(file, variant.type, key, variant.password);
    return file;
  }

  private static Path trustStore(Variant variant, Path dir, String name, CertificateAuthority trusted)
      throws Exception {
    Path file = dir.resolve(name + variant.type.extension());
    // A PEM trust store takes no password; the JKS and PKCS#12 ones need one whatever the variant.
    String password = variant.type == StoreType.PEM ? null : variant.password;
    TlsStores.writeTrustStore(file, variant.type, trusted.certificate(), password);
    return file;
  }
}
