package io.basalt.tools.cert;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyStore;
import java.security.cert.CertificateExpiredException;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The certificates a {@link CertificateAuthority} makes, and the files {@link TlsStores} writes of them. */
class CertificateAuthorityTest {
  private static final int DNS_NAME = 2;
  private static final int IP_ADDRESS = 7;

  @Test
  void caCertificateIsSelfSignedAndMayOnlySignCertificates() throws Exception {
    CertificateAuthority ca = CertificateAuthority.create("Test CA, with a comma", Duration.ofDays(3));
    X509Certificate certificate = ca.certificate();
    certificate.verify(ca.keyPair().getPublic());
    assertEquals("CN=Test CA\\, with a comma", certificate.getSubjectX500Principal().getName());
    assertEquals(certificate.getSubjectX500Principal(), certificate.getIssuerX500Principal());
    assertEquals(Integer.MAX_VALUE, certificate.getBasicConstraints(), "CA:true without a path length limit");
    // keyCertSign (5) and cRLSign (6), nothing else.
    assertArrayEquals(new boolean[] {false, false, false, false, false, true, true, false, false},
        certificate.getKeyUsage());
    assertEquals("SHA256withRSA", certificate.getSigAlgName());
    Instant threeDaysOn = Instant.now().plus(Duration.ofDays(3));
    assertTrue(certificate.getNotAfter().toInstant().isAfter(threeDaysOn.minusSeconds(60)));
  }

  @Test
  void issuedCertificateNamesAddressesAsIpAndTheRestAsDns() throws Exception {
    CertificateAuthority ca = CertificateAuthority.create("Test CA", Duration.ofDays(1));
    IssuedCertificate issued = ca.issue("db1.example.com",
        List.of("localhost", "127.0.0.1", "::1", "db1.example.com", "10.0.0.7", "localhost"), Duration.ofDays(1));
    X509Certificate certificate = issued.certificate();
    certificate.verify(ca.certificate().getPublicKey());
    assertEquals(List.of(certificate, ca.certificate()), issued.chain());
    assertEquals("CN=db1.example.com", certificate.getSubjectX500Principal().getName());
    assertEquals(-1, certificate.getBasicConstraints(), "not a CA");
    assertEquals(List.of("1.3.6.1.5.5.7.3.1", "1.3.6.1.5.5.7.3.2"), certificate.getExtendedKeyUsage(),
        "serverAuth and clientAuth");
    assertEquals(List.of(List.of(DNS_NAME, "localhost"), List.of(IP_ADDRESS, "127.0.0.1"),
        List.of(IP_ADDRESS, "0:0:0:0:0:0:0:1"), List.of(DNS_NAME, "db1.example.com"),
        List.of(IP_ADDRESS, "10.0.0.7")),
        List.copyOf(certificate.getSubjectAlternativeNames()), "each name once, in order");
  }

  @Test
  void issuesExpiredCertificatesOnRequestButNotBackwardsOnes() throws Exception {
    CertificateAuthority ca = CertificateAuthority.create("Test CA", Duration.ofDays(1));
    Instant now = Instant.now();
    X509Certificate expired =
        ca.issue("old", List.of(), now.minus(Duration.ofDays(2)), now.minus(Duration.ofDays(1))).certificate();
    assertThrows(CertificateExpiredException.class, expired::checkValidity);
    assertThrows(IllegalArgumentException.class, () -> ca.issue("x", List.of(), now, now.minusSeconds(1)));
    assertThrows(IllegalArgumentException.class, () -> ca.issue("", List.of(), Duration.ofDays(1)));
  }

  @Test
  void pemKeyStoreIsPkcs8KeyThenChain(@TempDir Path dir) throws Exception {
    CertificateAuthority ca = CertificateAuthority.create("Test CA", Duration.ofDays(1));
    IssuedCertificate issued = ca.issue("server", List.of("localhost"), Duration.ofDays(1));
    Path encrypted = dir.resolve("encrypted.pem");
    Path clear = dir.resolve("clear.pem");
    TlsStores.writeKeyStore(encrypted, StoreType.PEM, issued, "secret");
    TlsStores.writeKeyStore(clear, StoreType.PEM, issued, null);
    assertEquals(List.of("ENCRYPTED PRIVATE KEY", "CERTIFICATE", "CERTIFICATE"), pemBlocks(encrypted));
    assertEquals(List.of("PRIVATE KEY", "CERTIFICATE", "CERTIFICATE"), pemBlocks(clear));
    assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(encrypted)));
  }

  @Test
  void keyStoresHoldKeyAndChainTrustStoresTheCa(@TempDir Path dir) throws Exception {
    CertificateAuthority ca = CertificateAuthority.create("Test CA", Duration.ofDays(1));
    IssuedCertificate issued = ca.issue("server", List.of("localhost"), Duration.ofDays(1));
    for (StoreType type : List.of(StoreType.JKS, StoreType.PKCS12)) {
      Path keyStore = dir.resolve("server" + type.extension());
      Path trustStore = dir.resolve("trust" + type.extension());
      TlsStores.writeKeyStore(keyStore, type, issued, "secret");
      TlsStores.writeTrustStore(trustStore, type, ca.certificate(), "secret");
      KeyStore keys = KeyStore.getInstance(keyStore.toFile(), "secret".toCharArray());
      assertEquals(issued.privateKey(), keys.getKey(TlsStores.KEY_ALIAS, "secret".toCharArray()));
      assertEquals(issued.chain(), List.of(keys.getCertificateChain(TlsStores.KEY_ALIAS)));
      KeyStore trust = KeyStore.getInstance(trustStore.toFile(), "secret".toCharArray());
      assertEquals(ca.certificate(), trust.getCertificate(TlsStores.CA_ALIAS));
      assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(keyStore)));
    }
    assertThrows(IllegalArgumentException.class,
        () -> TlsStores.writeKeyStore(dir.resolve("x.jks"), StoreType.JKS, issued, ""));
  }

  private static List<String> pemBlocks(Path file) throws Exception {
    return Files.readAllLines(file, StandardCharsets.US_ASCII).stream()
        .filter(line -> line.startsWith("-----BEGIN "))
        .map(line -> line.substring("-----BEGIN ".length(), line.length() - "-----".length()))
        .collect(Collectors.toList());
  }
}
