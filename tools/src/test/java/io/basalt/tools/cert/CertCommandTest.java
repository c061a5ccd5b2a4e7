package io.basalt.tools.cert;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.io.crypto.tls.X509Util;
import org.apache.hbase.thirdparty.io.netty.handler.ssl.SslContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code basalt cert} end to end: the files it writes, in a fresh directory, and what HBase makes of them. */
class CertCommandTest {
  private static final List<String> KEY_FILES = List.of("ca-key.pem", "server.jks", "server.p12", "server.pem",
      "alice.jks", "alice.p12", "alice.pem", "bob.jks", "bob.p12", "bob.pem", "server-tls.xml", "client-tls.xml");
  private static final List<String> PUBLIC_FILES = List.of("ca.pem", "truststore.jks", "truststore.p12");

  @Test
  void writesEveryFileAndHBaseConnectsWithThem(@TempDir Path base) throws Exception {
    Path dir = base.resolve("new/tls");
    Result result = run("--dir", dir.toString(), "--host", "db1.example.com", "--client", "alice", "--client", "bob",
        "--days", "2", "--password", "s3cret");
    assertEquals(CertCommand.EXIT_OK, result.status(), result.err());
    assertTrue(result.out().contains("Wrote a throwaway CA"), result.out());

    List<String> expected = new ArrayList<>(PUBLIC_FILES);
    expected.addAll(KEY_FILES);
    try (var listing = Files.list(dir)) {
      assertEquals(expected.stream().sorted().toList(),
          listing.map(file -> file.getFileName().toString()).sorted().toList());
    }
    for (String name : KEY_FILES) {
      assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve(name))),
          name);
    }
    assertTrue(Files.readString(dir.resolve("ca-key.pem")).startsWith("-----BEGIN ENCRYPTED PRIVATE KEY-----"));

    X509Certificate server = serverCertificate(dir.resolve("server.p12"), "s3cret");
    assertEquals("CN=db1.example.com", server.getSubjectX500Principal().getName());
    List<String> altNames = server.getSubjectAlternativeNames().stream().map(name -> (String) name.get(1)).toList();
    assertTrue(altNames.containsAll(List.of("localhost", "127.0.0.1", "0:0:0:0:0:0:0:1", "db1.example.com")),
        altNames.toString());
    List<X509Certificate> ca = pemCertificates(dir.resolve("ca.pem"));
    assertEquals(List.of(server, ca.get(0)), pemCertificates(dir.resolve("server.pem")), "server.pem's chain");

    // The XML files as written: the server asks for client certificates by default (NEED), the client sends alice's.
    Configuration serverConf = xml(dir.resolve("server-tls.xml"));
    Configuration clientConf = xml(dir.resolve("client-tls.xml"));
    assertEquals("true", serverConf.get(X509Util.HBASE_SERVER_NETTY_TLS_ENABLED));
    assertEquals("true", clientConf.get(X509Util.HBASE_CLIENT_NETTY_TLS_ENABLED));
    assertEquals(dir.resolve("server.p12").toString(), serverConf.get(X509Util.TLS_CONFIG_KEYSTORE_LOCATION));
    assertEquals(dir.resolve("alice.p12").toString(), clientConf.get(X509Util.TLS_CONFIG_KEYSTORE_LOCATION));
    SslContext serverContext = X509Util.createSslContextForServer(serverConf);
    assertTrue(LoopbackTls.serverParameters(serverContext).getNeedClientAuth());
    LoopbackTls.Outcome outcome = LoopbackTls.connect(serverContext, X509Util.createSslContextForClient(clientConf));
    assertTrue(outcome.connected(), outcome.toString());

    // The JKS and PEM files, in place of the PKCS#12 ones, as bob.
    for (StoreType type : List.of(StoreType.JKS, StoreType.PEM)) {
      Path trustStore = dir.resolve(type == StoreType.PEM ? "ca.pem" : "truststore.jks");
      Configuration asServer = configuration(HBaseTlsProperties.server(dir.resolve("server" + type.extension()),
          trustStore, type, "s3cret"));
      Configuration asBob = configuration(HBaseTlsProperties.client(dir.resolve("bob" + type.extension()),
          trustStore, type, "s3cret"));
      outcome = LoopbackTls.connect(X509Util.createSslContextForServer(asServer),
          X509Util.createSslContextForClient(asBob));
      assertTrue(outcome.connected(), type + ": " + outcome);
    }
  }

  @Test
  void refusesToReplaceAnEarlierRunWithoutForce(@TempDir Path dir) throws Exception {
    assertEquals(CertCommand.EXIT_OK, run("--dir", dir.toString()).status());
    byte[] ca = Files.readAllBytes(dir.resolve("ca.pem"));
    assertTrue(Files.exists(dir.resolve("basalt-client.p12")));

    Result again = run("--dir", dir.toString());
    assertEquals(CertCommand.EXIT_FAILED, again.status());
    assertTrue(again.err().contains("ca.pem already exists") && again.err().contains("--force"), again.err());
    assertArrayEquals(ca, Files.readAllBytes(dir.resolve("ca.pem")));

    Result forced = run("--dir", dir.toString(), "--force");
    assertEquals(CertCommand.EXIT_OK, forced.status(), forced.err());
    assertFalse(Arrays.equals(ca, Files.readAllBytes(dir.resolve("ca.pem"))), "a new CA");
    assertEquals("rw-------",
        PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("basalt-client.pem"))));
  }

  @Test
  void helpAndBadUsage(@TempDir Path dir) {
    Result help = run("--help");
    assertEquals(CertCommand.EXIT_OK, help.status());
    assertTrue(help.out().startsWith("Usage: basalt cert"), help.out());
    assertTrue(help.out().contains("(default changeit)"), help.out());

    Result bad = run("--dir", dir.toString(), "--days", "zero");
    assertEquals(CertCommand.EXIT_USAGE, bad.status());
    assertTrue(bad.err().contains("--days takes a number from 1 to 36500, not 'zero'"), bad.err());
    assertTrue(bad.err().contains("Try 'basalt cert --help'."), bad.err());
    assertEquals(List.of(), List.of(dir.toFile().list()), "nothing written");
  }

  private record Result(int status, String out, String err) {
  }

  private static Result run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = CertCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Result(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  private static X509Certificate serverCertificate(Path p12, String password) throws Exception {
    KeyStore store = KeyStore.getInstance(p12.toFile(), password.toCharArray());
    return (X509Certificate) store.getCertificate(TlsStores.KEY_ALIAS);
  }

  /** The certificates of a PEM file, after its private key if it has one. */
  private static List<X509Certificate> pemCertificates(Path file) throws Exception {
    String text = Files.readString(file, StandardCharsets.US_ASCII);
    String certificates = text.substring(text.indexOf("-----BEGIN CERTIFICATE-----"));
    return CertificateFactory.getInstance("X.509")
        .generateCertificates(new ByteArrayInputStream(certificates.getBytes(StandardCharsets.US_ASCII)))
        .stream()
        .map(X509Certificate.class::cast)
        .toList();
  }

  private static Configuration xml(Path file) throws Exception {
    Configuration conf = new Configuration(false);
    try (InputStream in = Files.newInputStream(file)) {
      conf.addResource(in, file.toString());
      conf.size(); // loads the resource now, while the stream is open
    }
    return configuration(conf);
  }

  private static Configuration configuration(Map<String, String> properties) {
    Configuration conf = new Configuration(false);
    properties.forEach(conf::set);
    return configuration(conf);
  }

  /** LoopbackTls needs the JDK's provider, which HBase uses anyway without netty-tcnative on the class path. */
  private static Configuration configuration(Configuration conf) {
    conf.setBoolean(X509Util.TLS_USE_OPENSSL, false);
    return conf;
  }
}
