package io.basalt.conformance.security;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.BasaltProcess;
import io.basalt.tools.cert.HBaseTlsProperties;
import io.basalt.tools.cert.IssuedCertificate;
import io.basalt.tools.cert.StoreType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code hbase.rpc.tls.certReload}: replacing the key store file on a running server changes the certificate new
 * connections see, and a replacement that cannot be read leaves the server with the one it had.
 */
class CertificateReloadTest {
  @TempDir
  Path dir;

  @Test
  void aReplacedKeyStoreIsUsedForNewConnections() throws Exception {
    TlsMaterial material = TlsMaterial.create(dir);
    Path trust = material.trustStore("trust", material.ca, StoreType.PKCS12);
    Path keyStore = material.keyStore("server", material.server, StoreType.PKCS12);
    Map<String, String> site = new HashMap<>(HBaseTlsProperties.server(keyStore, trust, StoreType.PKCS12,
        TlsMaterial.PASSWORD));
    site.put("hbase.server.netty.tls.client.auth.mode", "NONE");
    site.put("hbase.server.netty.tls.supportplaintext", "false");
    site.put("hbase.rpc.tls.certReload", "true");
    site.put("hbase.rpc.tls.filepoll.interval.millis", "100");
    try (BasaltProcess basalt = TlsServers.start(dir, "tls-reload", site)) {
      Configuration trustsOld = client(basalt, trust);
      Configuration trustsNew = client(basalt, material.trustStore("stranger-trust", material.stranger,
          StoreType.PKCS12));
      TlsClients.roundTrip(trustsOld);
      TlsClients.refused(trustsNew);

      // A file that is not a key store: reported, and the certificate in use stays.
      replace(keyStore, "not a key store".getBytes());
      TlsServers.awaitLogLine(basalt, "Keeping the RPC port's TLS key and trust stores in use");
      TlsClients.roundTrip(trustsOld);

      IssuedCertificate renewed = material.stranger.issue("localhost", List.of("localhost", "127.0.0.1"),
          java.time.Duration.ofDays(1));
      replace(keyStore, Files.readAllBytes(material.keyStore("renewed", renewed, StoreType.PKCS12)));
      TlsServers.awaitLogLine(basalt, "Loaded the RPC port's changed TLS key and trust stores");
      TlsClients.roundTrip(trustsNew);
      IOException refused = TlsClients.refused(trustsOld);
      assertTrue(TlsClients.causes(refused).contains("PKIX path building failed"), TlsClients.causes(refused));
    }
  }

  /** Replaces a file in one step, as a certificate renewal tool would, so the server never reads half of it. */
  private void replace(Path file, byte[] content) throws IOException {
    Path next = Files.createTempFile(dir, "next", ".tmp");
    Files.write(next, content);
    Files.move(next, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  private static Configuration client(BasaltProcess basalt, Path trust) {
    return TlsClients.config(basalt, HBaseTlsProperties.client(null, trust, StoreType.PKCS12,
        TlsMaterial.PASSWORD));
  }
}
