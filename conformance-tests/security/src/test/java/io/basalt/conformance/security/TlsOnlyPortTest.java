package io.basalt.conformance.security;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.BasaltProcess;
import io.basalt.tools.cert.HBaseTlsProperties;
import io.basalt.tools.cert.IssuedCertificate;
import io.basalt.tools.cert.StoreType;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.client.RetriesExhaustedException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A port serving TLS only and requiring client certificates (HBase's default client authentication mode), with
 * PKCS#12 stores: a client with a trusted certificate reads and writes; a plaintext client, a client without a
 * certificate, with an expired one, with one from an untrusted authority, and a client that does not trust the
 * server are each refused, and the server goes on serving the trusted client after every one of them.
 */
class TlsOnlyPortTest {
  @TempDir
  static Path dir;
  private static TlsMaterial material;
  private static BasaltProcess basalt;
  private static Path trust;

  @BeforeAll
  static void start() throws Exception {
    material = TlsMaterial.create(dir);
    trust = material.trustStore("trust", material.ca, StoreType.PKCS12);
    Map<String, String> site = material.serverSite(StoreType.PKCS12);
    site.put("hbase.server.netty.tls.supportplaintext", "false");
    basalt = TlsServers.start(dir, "tls-only", site);
  }

  @AfterAll
  static void stop() throws IOException {
    if (basalt != null) {
      basalt.close();
    }
  }

  /** After every test, refused clients included: the server still serves a client it trusts. */
  @AfterEach
  void stillServesTrustedClients() throws IOException {
    TlsClients.roundTrip(client(material.client, trust));
  }

  @Test
  void aClientWithATrustedCertificateReadsAndWrites() throws IOException {
    TlsClients.roundTrip(client(material.client, trust));
  }

  @Test
  void aPlaintextClientIsRefused() throws IOException {
    IOException refused = TlsClients.refused(TlsClients.config(basalt, Map.of()));
    assertRefusedWith(refused, "ConnectionClosedException");
    TlsServers.awaitLogLine(basalt, "the client did not speak TLS");
  }

  @Test
  void aClientWithoutCertificateIsRefused() throws IOException {
    IOException refused = TlsClients.refused(client(null, trust));
    assertRefusedWith(refused, "SSLHandshakeException", "bad_certificate");
    TlsServers.awaitLogLine(basalt, "failed: Empty client certificate chain");
  }

  @Test
  void anExpiredClientCertificateIsRefused() throws IOException {
    IOException refused = TlsClients.refused(client(material.expiredClient, trust));
    assertRefusedWith(refused, "SSLHandshakeException", "certificate_unknown");
    TlsServers.awaitLogLine(basalt, "validity check failed");
  }

  @Test
  void aCertificateFromAnUntrustedAuthorityIsRefused() throws IOException {
    IOException refused = TlsClients.refused(client(material.strangerClient, trust));
    // The JDK's client sends no certificate the server's authorities did not issue: the server sees none.
    assertRefusedWith(refused, "SSLHandshakeException", "bad_certificate");
  }

  @Test
  void aClientThatDoesNotTrustTheServerGivesUp() throws IOException {
    IOException refused = TlsClients.refused(client(material.client,
        material.trustStore("stranger-trust", material.stranger, StoreType.PKCS12)));
    assertRefusedWith(refused, "SSLHandshakeException", "PKIX path building failed");
    TlsServers.awaitLogLine(basalt, "Received fatal alert: certificate_unknown");
  }

  /**
   * The stock client's answer to a refused connection: RetriesExhaustedException listing, for the attempt that
   * reached the server, what its TLS handshake (or, in plaintext, the closed connection) reported.
   */
  private static void assertRefusedWith(IOException refused, String... expected) {
    String causes = TlsClients.causes(refused);
    assertTrue(refused instanceof RetriesExhaustedException, causes);
    for (String text : expected) {
      assertTrue(causes.contains(text), "expected " + text + " in:\n" + causes);
    }
  }

  private static Configuration client(IssuedCertificate certificate, Path trustStore) throws IOException {
    Path keyStore = certificate == null ? null
        : material.keyStore("client-" + Integer.toHexString(System.identityHashCode(certificate)), certificate,
            StoreType.PKCS12);
    return TlsClients.config(basalt, HBaseTlsProperties.client(keyStore, trustStore, StoreType.PKCS12,
        TlsMaterial.PASSWORD));
  }
}
