package io.basalt.conformance.security;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.BasaltProcess;
import io.basalt.tools.cert.HBaseTlsProperties;
import io.basalt.tools.cert.StoreType;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * HBase 2.6's TLS settings one by one, each on a server of its own: plaintext and TLS on one port, the WANT client
 * authentication mode, JKS and PEM stores (a PEM key encrypted and in the clear), protocol versions and cipher
 * suites, and a key store the server cannot open.
 */
class TlsSettingsTest {
  @TempDir
  static Path dir;
  private static TlsMaterial material;

  @BeforeAll
  static void makeCertificates() throws Exception {
    material = TlsMaterial.create(dir);
  }

  @Test
  void plaintextAndTlsClientsShareOnePortByDefault() throws IOException {
    Path trust = material.trustStore("trust", material.ca, StoreType.JKS);
    Map<String, String> site = material.serverSite(StoreType.JKS);
    site.put("hbase.server.netty.tls.client.auth.mode", "NONE");
    try (BasaltProcess basalt = TlsServers.start(dir, "tls-and-plaintext", site)) {
      TlsServers.awaitLogLine(basalt, "TLS, client certificates NONE, plaintext accepted too");
      TlsClients.roundTrip(TlsClients.config(basalt, Map.of()));
      TlsClients.roundTrip(TlsClients.config(basalt,
          HBaseTlsProperties.client(null, trust, StoreType.JKS, TlsMaterial.PASSWORD)));
    }
  }

  @Test
  void wantTakesClientsWithAndWithoutCertificatesButNotBadOnes() throws IOException {
    Path trust = material.trustStore("trust", material.ca, StoreType.PEM);
    Map<String, String> site = material.serverSite(StoreType.PEM);
    site.put("hbase.server.netty.tls.client.auth.mode", "WANT");
    site.put("hbase.server.netty.tls.supportplaintext", "false");
    try (BasaltProcess basalt = TlsServers.start(dir, "tls-want", site)) {
      TlsClients.roundTrip(pemClient(basalt, null, trust));
      TlsClients.roundTrip(pemClient(basalt, material.keyStore("client", material.client, StoreType.PEM), trust));
      // A certificate offered is checked even where none is required.
      IOException refused = TlsClients.refused(
          pemClient(basalt, material.keyStore("expired", material.expiredClient, StoreType.PEM), trust));
      assertTrue(TlsClients.causes(refused).contains("SSLHandshakeException"), TlsClients.causes(refused));
      TlsClients.roundTrip(pemClient(basalt, null, trust));
    }
  }

  @Test
  void pemKeysInTheClearNeedNoPassword() throws IOException {
    Path trust = material.trustStore("trust", material.ca, StoreType.PEM);
    Map<String, String> site = new HashMap<>(HBaseTlsProperties.server(
        material.keyStore("server", material.server, StoreType.PEM, null), trust, StoreType.PEM, null));
    site.put("hbase.server.netty.tls.supportplaintext", "false");
    try (BasaltProcess basalt = TlsServers.start(dir, "tls-pem-clear", site)) {
      TlsClients.roundTrip(TlsClients.config(basalt, HBaseTlsProperties.client(
          material.keyStore("client", material.client, StoreType.PEM, null), trust, StoreType.PEM, null)));
    }
  }

  @Test
  void protocolVersionsAndCipherSuitesMustMatch() throws IOException {
    Path trust = material.trustStore("trust", material.ca, StoreType.PKCS12);
    Map<String, String> site = material.serverSite(StoreType.PKCS12);
    site.put("hbase.server.netty.tls.supportplaintext", "false");
    site.put("hbase.rpc.tls.enabledProtocols", "TLSv1.3");
    // HBase's default suites are all TLS 1.2 ones: TLS 1.3 only works with suites of its own named.
    site.put("hbase.rpc.tls.ciphersuites", "TLS_AES_256_GCM_SHA384");
    try (BasaltProcess basalt = TlsServers.start(dir, "tls-13", site)) {
      Map<String, String> client = new HashMap<>(HBaseTlsProperties.client(
          material.keyStore("client", material.client, StoreType.PKCS12), trust, StoreType.PKCS12,
          TlsMaterial.PASSWORD));
      IOException oldProtocol = TlsClients.refused(TlsClients.config(basalt, client));
      assertTrue(TlsClients.causes(oldProtocol).contains("SSLHandshakeException"), TlsClients.causes(oldProtocol));
      TlsServers.awaitLogLine(basalt, "not accepted by server preferences [TLSv1.3]");

      client.put("hbase.rpc.tls.protocol", "TLSv1.3");
      client.put("hbase.rpc.tls.ciphersuites", "TLS_AES_128_GCM_SHA256");
      IOException otherSuite = TlsClients.refused(TlsClients.config(basalt, client));
      assertTrue(TlsClients.causes(otherSuite).contains("SSLHandshakeException"), TlsClients.causes(otherSuite));
      TlsServers.awaitLogLine(basalt, "no cipher suites in common");

      client.put("hbase.rpc.tls.ciphersuites", "TLS_AES_256_GCM_SHA384");
      TlsClients.roundTrip(TlsClients.config(basalt, client));
    }
  }

  @Test
  void aKeyStoreThatCannotBeOpenedStopsTheStartWithAMessage() throws IOException {
    Path trust = material.trustStore("trust", material.ca, StoreType.PKCS12);
    Map<String, String> site = new HashMap<>(HBaseTlsProperties.server(
        material.keyStore("server", material.server, StoreType.PKCS12), trust, StoreType.PKCS12,
        "not-the-password"));
    IOException failed = assertThrows(IOException.class, () -> TlsServers.start(dir, "tls-bad-password", site));
    assertTrue(failed.getMessage().contains("cannot set up TLS for the RPC port from hbase.rpc.tls.keystore.location="),
        failed.getMessage());
  }

  private static Configuration pemClient(BasaltProcess basalt, Path keyStore, Path trust) {
    return TlsClients.config(basalt, HBaseTlsProperties.client(keyStore, trust, StoreType.PEM,
        TlsMaterial.PASSWORD));
  }
}
