package io.basalt.conformance.tls;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.basalt.conformance.harness.BasaltProcess;
import io.basalt.conformance.harness.ClientRegistry;
import io.basalt.conformance.harness.SiteFileWriter;
import io.basalt.tools.cert.CertificateAuthority;
import io.basalt.tools.cert.HBaseTlsProperties;
import io.basalt.tools.cert.IssuedCertificate;
import io.basalt.tools.cert.StoreType;
import io.basalt.tools.cert.TlsStores;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The module's stock client with {@code hbase.client.netty.tls.enabled} against a TLS-only port requiring client
 * certificates, through the registry this run uses ({@code basalt.conformance.registry}): with the RPC registry
 * even the bootstrap call asking for the cluster id is made over TLS. A plaintext client is refused. Run by the
 * modules of clients that have TLS (hbase-client 3.0, hbase-shaded-client 2.6); hbase-client 2.6 has the security
 * module's tests.
 */
class TlsTest {
  private static final String PASSWORD = "tls-test-password";
  private static final List<String> LOOPBACK = List.of("localhost", "127.0.0.1");
  private static final byte[] FAMILY = Bytes.toBytes("f");

  @TempDir
  static Path dir;
  private static BasaltProcess basalt;
  private static Map<String, String> clientTls;

  @BeforeAll
  static void start() throws Exception {
    CertificateAuthority ca = CertificateAuthority.create("Basalt test CA", Duration.ofDays(1));
    Path trust = dir.resolve("trust.p12");
    TlsStores.writeTrustStore(trust, StoreType.PKCS12, ca.certificate(), PASSWORD);
    Map<String, String> site = new HashMap<>(HBaseTlsProperties.server(
        keyStore(ca.issue("localhost", LOOPBACK, Duration.ofDays(1)), "server"), trust, StoreType.PKCS12,
        PASSWORD));
    site.put("hbase.server.netty.tls.supportplaintext", "false");
    basalt = BasaltProcess.start(dir.resolve("data"), "tls-" + System.getProperty("basalt.conformance.column",
        "client"), "--config",
        SiteFileWriter.write(dir.resolve("site.xml"), site).toString());
    clientTls = HBaseTlsProperties.client(keyStore(ca.issue("alice", LOOPBACK, Duration.ofDays(1)), "client"),
        trust, StoreType.PKCS12, PASSWORD);
  }

  @AfterAll
  static void stop() throws IOException {
    if (basalt != null) {
      basalt.close();
    }
  }

  @Test
  void readsAndWritesOverTls() throws IOException {
    TableName name = TableName.valueOf("tls30");
    byte[] row = Bytes.toBytes("row");
    try (Connection connection = ConnectionFactory.createConnection(client(clientTls));
        Admin admin = connection.getAdmin()) {
      admin.createTable(TableDescriptorBuilder.newBuilder(name)
          .setColumnFamily(ColumnFamilyDescriptorBuilder.of(FAMILY)).build());
      try (Table table = connection.getTable(name)) {
        table.put(new Put(row).addColumn(FAMILY, FAMILY, Bytes.toBytes("over TLS")));
        assertArrayEquals(Bytes.toBytes("over TLS"), table.get(new Get(row)).getValue(FAMILY, FAMILY));
      }
    }
  }

  @Test
  void aPlaintextClientIsRefused() {
    Configuration plaintext = client(Map.of());
    plaintext.setInt("hbase.client.retries.number", 1);
    plaintext.setInt("hbase.client.operation.timeout", 10_000);
    assertThrows(IOException.class, () -> {
      try (Connection connection = ConnectionFactory.createConnection(plaintext);
          Admin admin = connection.getAdmin()) {
        admin.listTableNames();
      }
    });
  }

  /** This run's registry reachable, the other pointed where nothing listens ({@link ClientRegistry}). */
  private static Configuration client(Map<String, String> tls) {
    Configuration conf = HBaseConfiguration.create();
    ClientRegistry.properties(basalt).forEach(conf::set);
    tls.forEach(conf::set);
    return conf;
  }

  private static Path keyStore(IssuedCertificate certificate, String name) throws Exception {
    Path file = dir.resolve(name + ".p12");
    TlsStores.writeKeyStore(file, StoreType.PKCS12, certificate, PASSWORD);
    return file;
  }
}
