package io.basalt.conformance.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.BasaltProcess;
import io.basalt.tools.cert.HBaseTlsProperties;
import io.basalt.tools.cert.StoreType;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.HttpsURLConnection;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The other two ports with TLS: the info port over HTTPS ({@code hbase.ssl.enabled}) with the RPC port's key store,
 * and the embedded ZooKeeper's TLS client port ({@code hbase.zookeeper.property.secureClientPort}), which a stock
 * client reaches with ZooKeeper's client TLS properties passed through {@code hbase.zookeeper.property.*}.
 */
class HttpsAndZooKeeperTlsTest {
  private static final Pattern ZOOKEEPER_TLS_PORT = Pattern.compile("and with TLS on port (\\d+)");

  @TempDir
  static Path dir;
  private static TlsMaterial material;
  private static BasaltProcess basalt;
  private static Path trust;
  private static Path clientKeyStore;

  @BeforeAll
  static void start() throws Exception {
    material = TlsMaterial.create(dir);
    trust = material.trustStore("trust", material.ca, StoreType.PKCS12);
    clientKeyStore = material.keyStore("client", material.client, StoreType.PKCS12);
    Map<String, String> site = material.serverSite(StoreType.PKCS12);
    site.put("hbase.server.netty.tls.supportplaintext", "false");
    site.put("hbase.ssl.enabled", "true");
    site.put("hbase.zookeeper.property.secureClientPort", "0");
    basalt = TlsServers.start(dir, "tls-https-zookeeper", site);
  }

  @AfterAll
  static void stop() throws IOException {
    if (basalt != null) {
      basalt.close();
    }
  }

  @Test
  void theInfoPortServesHttpsOnly() throws Exception {
    HttpsURLConnection https = (HttpsURLConnection) URI.create("https://127.0.0.1:" + basalt.infoPort() + "/status")
        .toURL().openConnection();
    https.setSSLSocketFactory(trusting(trust).getSocketFactory());
    assertEquals(200, https.getResponseCode());
    try (InputStream body = https.getInputStream()) {
      assertTrue(new String(body.readAllBytes(), StandardCharsets.UTF_8).contains("\"status\":\"running\""));
    }
    assertThrows(IOException.class, () -> basalt.info("/status"));
  }

  @Test
  void aClientFindsTheServerThroughZooKeepersTlsPort() throws IOException {
    Map<String, String> tls = new HashMap<>(HBaseTlsProperties.client(clientKeyStore, trust, StoreType.PKCS12,
        TlsMaterial.PASSWORD));
    tls.putAll(ZooKeeperTls.clientProperties(clientKeyStore, trust));
    TlsClients.roundTrip(TlsClients.config(basalt.zookeeperHost(), zookeeperTlsPort(), tls));
  }

  private static int zookeeperTlsPort() throws IOException {
    Matcher port = ZOOKEEPER_TLS_PORT.matcher(TlsServers.awaitLogLine(basalt, "and with TLS on port"));
    assertTrue(port.find());
    return Integer.parseInt(port.group(1));
  }

  private static SSLContext trusting(Path trustStore) throws IOException, GeneralSecurityException {
    KeyStore store = KeyStore.getInstance("PKCS12");
    try (InputStream in = java.nio.file.Files.newInputStream(trustStore)) {
      store.load(in, TlsMaterial.PASSWORD.toCharArray());
    }
    TrustManagerFactory trustManagers = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    trustManagers.init(store);
    SSLContext context = SSLContext.getInstance("TLS");
    context.init(null, trustManagers.getTrustManagers(), null);
    return context;
  }
}
