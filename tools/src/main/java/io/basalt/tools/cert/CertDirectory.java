package io.basalt.tools.cert;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The directory {@code basalt cert} fills: which files it holds and writing them all from a new CA. Only the
 * PKCS#12 stores are named in the XML files; the JKS and PEM files hold the same keys for tools that want those.
 */
final class CertDirectory {
  static final String CA_CERTIFICATE = "ca.pem";
  static final String CA_KEY = "ca-key.pem";
  static final String TRUST_STORE = "truststore";
  static final String SERVER = "server";
  static final String SERVER_XML = "server-tls.xml";
  static final String CLIENT_XML = "client-tls.xml";
  /** The names every certificate carries, so connections over the loopback interface pass host name checks. */
  static final List<String> LOOPBACK_NAMES = List.of("localhost", "127.0.0.1", "::1");
  private static final List<StoreType> KEY_STORE_TYPES = List.of(StoreType.JKS, StoreType.PKCS12, StoreType.PEM);
  private static final List<StoreType> TRUST_STORE_TYPES = List.of(StoreType.JKS, StoreType.PKCS12);
  /** The type the XML files configure: the one store format every JVM and OpenSSL read. */
  private static final StoreType CONFIGURED_TYPE = StoreType.PKCS12;

  /** What a run wrote, for its summary. */
  record Written(Path dir, String serverName, List<String> serverAltNames, List<String> clients,
      List<String> clientAltNames) {
  }

  private final Path dir;
  private final CertOptions options;

  CertDirectory(CertOptions options) {
    this.dir = options.dir().toAbsolutePath().normalize();
    this.options = options;
  }

  Path dir() {
    return dir;
  }

  /** Every file a run writes, in the order it writes them. */
  List<Path> files() {
    List<Path> files = new ArrayList<>(List.of(dir.resolve(CA_CERTIFICATE), dir.resolve(CA_KEY)));
    TRUST_STORE_TYPES.forEach(type -> files.add(dir.resolve(TRUST_STORE + type.extension())));
    KEY_STORE_TYPES.forEach(type -> files.add(dir.resolve(SERVER + type.extension())));
    for (String client : options.clients()) {
      KEY_STORE_TYPES.forEach(type -> files.add(dir.resolve(client + type.extension())));
    }
    files.add(dir.resolve(SERVER_XML));
    files.add(dir.resolve(CLIENT_XML));
    return files;
  }

  /** The first of the files that is already there: an earlier run, whose CA a new one would replace. */
  Optional<Path> firstExisting() {
    return files().stream().filter(Files::exists).findFirst();
  }

  /** Makes a CA, the server's and the clients' certificates, and writes every file of {@link #files()}. */
  Written write() throws IOException, GeneralSecurityException {
    Files.createDirectories(dir);
    List<String> machine = machineHostNames();
    Duration validity = Duration.ofDays(options.days());
    String password = options.password();

    String caName = "Basalt throwaway CA " + (machine.isEmpty() ? "" : machine.get(0) + " ")
        + LocalDate.now(ZoneOffset.UTC);
    CertificateAuthority ca = CertificateAuthority.create(caName, validity);
    TlsStores.writeTrustStore(dir.resolve(CA_CERTIFICATE), StoreType.PEM, ca.certificate(), null);
    TlsStores.writePrivateKey(dir.resolve(CA_KEY), ca.keyPair().getPrivate(), password);
    for (StoreType type : TRUST_STORE_TYPES) {
      TlsStores.writeTrustStore(trustStore(type), type, ca.certificate(), password);
    }

    String serverName = !options.hosts().isEmpty() ? options.hosts().get(0)
        : !machine.isEmpty() ? machine.get(0) : LOOPBACK_NAMES.get(0);
    List<String> serverAltNames = distinct(LOOPBACK_NAMES, machine, options.hosts());
    writeKeyStores(SERVER, ca.issue(serverName, serverAltNames, validity));

    // HBase's server checks by default that a client certificate names the host the client connects from.
    List<String> clientAltNames = distinct(LOOPBACK_NAMES, machine);
    for (String client : options.clients()) {
      writeKeyStores(client, ca.issue(client, clientAltNames, validity));
    }

    SiteXml.write(dir.resolve(SERVER_XML), String.join("\n",
            "TLS on the RPC port with the certificates of bin/basalt cert. Add these properties to the server's",
            "configuration (conf/basalt-site.xml, or hbase-site.xml). Clients must present a certificate from the",
            "same CA: hbase.server.netty.tls.client.auth.mode is NEED by default."),
        HBaseTlsProperties.server(keyStore(SERVER), trustStore(CONFIGURED_TYPE), CONFIGURED_TYPE, password));
    String client = options.clients().get(0);
    SiteXml.write(dir.resolve(CLIENT_XML), String.join("\n",
            "TLS towards a server that uses the certificates of bin/basalt cert, as client " + client + ".",
            "Add these properties to the client's hbase-site.xml (HBase 2.6 or later)."),
        HBaseTlsProperties.client(keyStore(client), trustStore(CONFIGURED_TYPE), CONFIGURED_TYPE, password));
    return new Written(dir, serverName, serverAltNames, options.clients(), clientAltNames);
  }

  private void writeKeyStores(String name, IssuedCertificate issued) throws IOException, GeneralSecurityException {
    for (StoreType type : KEY_STORE_TYPES) {
      TlsStores.writeKeyStore(dir.resolve(name + type.extension()), type, issued, options.password());
    }
  }

  private Path keyStore(String name) {
    return dir.resolve(name + CONFIGURED_TYPE.extension());
  }

  private Path trustStore(StoreType type) {
    return dir.resolve(TRUST_STORE + type.extension());
  }

  /**
   * This machine's host name and its canonical (fully qualified) name, as far as they are known: peers on other
   * machines reach the server by one of them. A name that cannot go into a certificate is left out.
   */
  static List<String> machineHostNames() {
    try {
      InetAddress local = InetAddress.getLocalHost();
      return distinct(List.of(local.getHostName(), local.getCanonicalHostName())).stream()
          .filter(CertOptions::isHost)
          .toList();
    } catch (UnknownHostException e) {
      // The host name does not resolve: loopback names and --host are all a certificate can carry.
      return List.of();
    }
  }

  @SafeVarargs
  private static List<String> distinct(List<String>... lists) {
    Set<String> names = new LinkedHashSet<>();
    for (List<String> list : lists) {
      names.addAll(list);
    }
    return List.copyOf(names);
  }
}
