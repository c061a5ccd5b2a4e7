package io.basalt.conformance.security;

import io.basalt.tools.cert.CertificateAuthority;
import io.basalt.tools.cert.HBaseTlsProperties;
import io.basalt.tools.cert.IssuedCertificate;
import io.basalt.tools.cert.StoreType;
import io.basalt.tools.cert.TlsStores;
import java.io.IOException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The certificates the TLS tests use, made by the certificate authority behind {@code bin/basalt cert}: a CA the
 * server and its clients trust, a stranger CA nobody trusts, a server certificate naming the loopback addresses
 * (the stock client checks the server's name by default), a client certificate, one that has expired and one the
 * stranger issued. Stores are written on demand, one file per certificate and format.
 */
final class TlsMaterial {
  static final String PASSWORD = "tls-test-password";
  /** Names on every certificate: the client checks the server's, and the server a client's (both by default). */
  private static final List<String> LOOPBACK = List.of("localhost", "127.0.0.1", "::1");
  private static final Duration VALIDITY = Duration.ofDays(1);

  private final Path dir;
  final CertificateAuthority ca;
  final CertificateAuthority stranger;
  final IssuedCertificate server;
  final IssuedCertificate client;
  final IssuedCertificate expiredClient;
  final IssuedCertificate strangerClient;

  private TlsMaterial(Path dir) throws GeneralSecurityException {
    this.dir = dir;
    ca = CertificateAuthority.create("Basalt test CA", VALIDITY);
    stranger = CertificateAuthority.create("Stranger CA", VALIDITY);
    server = ca.issue("localhost", LOOPBACK, VALIDITY);
    client = ca.issue("alice", LOOPBACK, VALIDITY);
    Instant now = Instant.now();
    expiredClient = ca.issue("alice", LOOPBACK, now.minus(Duration.ofDays(2)), now.minus(Duration.ofDays(1)));
    strangerClient = stranger.issue("alice", LOOPBACK, VALIDITY);
  }

  static TlsMaterial create(Path dir) throws GeneralSecurityException {
    return new TlsMaterial(dir);
  }

  /** A key store of {@code certificate} in {@code type}, protected by {@link #PASSWORD}. */
  Path keyStore(String name, IssuedCertificate certificate, StoreType type) throws IOException {
    return keyStore(name, certificate, type, PASSWORD);
  }

  /** A key store as above with this password; a PEM key store with a null one has its key in the clear. */
  Path keyStore(String name, IssuedCertificate certificate, StoreType type, String password) throws IOException {
    Path file = dir.resolve(name + (password == null ? "-clear" : "") + type.extension());
    try {
      TlsStores.writeKeyStore(file, type, certificate, password);
    } catch (GeneralSecurityException e) {
      throw new IOException(e);
    }
    return file;
  }

  /**
   * A server's site properties, to be added to: TLS on, the server certificate's key store and a trust store of the
   * CA (written as {@code trust}), both of {@code type}. HBase's other defaults stand: plaintext accepted too,
   * client certificates required.
   */
  Map<String, String> serverSite(StoreType type) throws IOException {
    return new HashMap<>(HBaseTlsProperties.server(keyStore("server", server, type), trustStore("trust", ca, type),
        type, PASSWORD));
  }

  /** A trust store holding {@code authority}'s certificate. */
  Path trustStore(String name, CertificateAuthority authority, StoreType type) throws IOException {
    Path file = dir.resolve(name + type.extension());
    try {
      TlsStores.writeTrustStore(file, type, authority.certificate(), PASSWORD);
    } catch (GeneralSecurityException e) {
      throw new IOException(e);
    }
    return file;
  }
}
