package io.basalt.benchmarks.runner.tls;

import static org.apache.hadoop.hbase.io.crypto.tls.X509Util.HBASE_CLIENT_NETTY_TLS_ENABLED;
import static org.apache.hadoop.hbase.io.crypto.tls.X509Util.HBASE_SERVER_NETTY_TLS_CLIENT_AUTH_MODE;
import static org.apache.hadoop.hbase.io.crypto.tls.X509Util.HBASE_SERVER_NETTY_TLS_SUPPORTPLAINTEXT;

import io.basalt.tools.cert.CertificateAuthority;
import io.basalt.tools.cert.HBaseTlsProperties;
import io.basalt.tools.cert.StoreType;
import io.basalt.tools.cert.TlsStores;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The certificates of a TLS run and the HBase 2.6 properties that use them, set up as a secured deployment runs:
 * the RPC port serves TLS only ({@code hbase.server.netty.tls.supportplaintext=false}) and every client must show a
 * certificate ({@code hbase.server.netty.tls.client.auth.mode=NEED}). A throwaway certificate authority (the one
 * behind {@code bin/basalt cert}) issues a server and a client certificate, each naming the loopback addresses,
 * since the stock client checks the server's name and the servers check the client's (both by default); they are
 * written as PKCS#12 stores, one password for all.
 */
public final class TlsCertificates {
  private static final StoreType TYPE = StoreType.PKCS12;
  /** Guards nothing but this run's throwaway stores, which the run deletes. */
  private static final String PASSWORD = "basalt-benchmark";
  private static final List<String> LOOPBACK = List.of("localhost", "127.0.0.1");
  /** Longer than any run. */
  private static final Duration VALIDITY = Duration.ofDays(2);

  private final Map<String, String> server;
  private final Map<String, String> client;

  private TlsCertificates(Map<String, String> server, Map<String, String> client) {
    this.server = server;
    this.client = client;
  }

  /** Makes the certificate authority and both certificates, and writes their stores into {@code dir}. */
  public static TlsCertificates write(Path dir) throws IOException, GeneralSecurityException {
    Files.createDirectories(dir);
    CertificateAuthority ca = CertificateAuthority.create("Basalt benchmark CA", VALIDITY);
    Path trustStore = dir.resolve("truststore" + TYPE.extension());
    TlsStores.writeTrustStore(trustStore, TYPE, ca.certificate(), PASSWORD);
    Path serverStore = dir.resolve("server" + TYPE.extension());
    TlsStores.writeKeyStore(serverStore, TYPE, ca.issue("localhost", LOOPBACK, VALIDITY), PASSWORD);
    Path clientStore = dir.resolve("client" + TYPE.extension());
    TlsStores.writeKeyStore(clientStore, TYPE, ca.issue("benchmark-client", LOOPBACK, VALIDITY), PASSWORD);

    Map<String, String> server = new LinkedHashMap<>(HBaseTlsProperties.server(serverStore, trustStore, TYPE,
        PASSWORD));
    server.put(HBASE_SERVER_NETTY_TLS_SUPPORTPLAINTEXT, "false");
    server.put(HBASE_SERVER_NETTY_TLS_CLIENT_AUTH_MODE, "NEED");
    return new TlsCertificates(Collections.unmodifiableMap(server),
        HBaseTlsProperties.client(clientStore, trustStore, TYPE, PASSWORD));
  }

  /** Basalt's site file properties: TLS only on the RPC port, client certificates required. */
  public Map<String, String> serverProperties() {
    return server;
  }

  /**
   * HBase's: the same, and TLS for its own calls between master and region server too (both in the standalone
   * JVM, but they call each other through their TLS-only RPC ports), with the server certificate as the client's.
   */
  public Map<String, String> hbaseServerProperties() {
    Map<String, String> hbase = new LinkedHashMap<>(server);
    hbase.put(HBASE_CLIENT_NETTY_TLS_ENABLED, "true");
    return Collections.unmodifiableMap(hbase);
  }

  /** The stock client's: TLS on, the trust store, and the client's certificate. */
  public Map<String, String> clientProperties() {
    return client;
  }

  /** The TLS set-up as the report states it. */
  public static String describe() {
    return "TLS: hbase.server.netty.tls.enabled=true with hbase.server.netty.tls.supportplaintext=false and "
        + "hbase.server.netty.tls.client.auth.mode=NEED on both servers; the client with "
        + "hbase.client.netty.tls.enabled=true and a client certificate; RSA 2048 certificates from a throwaway "
        + "CA in PKCS#12 stores; protocols and cipher suites left at HBase's defaults (hbase.rpc.tls.protocol "
        + "TLSv1.2)";
  }
}
