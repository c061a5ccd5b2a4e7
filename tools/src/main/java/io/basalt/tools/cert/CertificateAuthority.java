package io.basalt.tools.cert;

import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Objects;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x500.X500NameBuilder;
import org.bouncycastle.asn1.x500.style.BCStyle;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.CertIOException;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509ExtensionUtils;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * A throwaway certificate authority, for trying TLS and for tests: a self-signed RSA 2048 CA certificate and key,
 * kept in memory, that issues certificates for servers and clients. {@code bin/basalt cert} writes one to files;
 * tests call it directly, then write what they need with {@link TlsStores}.
 *
 * <pre>{@code
 * CertificateAuthority ca = CertificateAuthority.create("test CA", Duration.ofDays(1));
 * IssuedCertificate server = ca.issue("localhost", List.of("localhost", "127.0.0.1"), Duration.ofDays(1));
 * TlsStores.writeKeyStore(dir.resolve("server.p12"), StoreType.PKCS12, server, "changeit");
 * TlsStores.writeTrustStore(dir.resolve("truststore.p12"), StoreType.PKCS12, ca.certificate(), "changeit");
 * }</pre>
 *
 * Nothing here is meant to guard production traffic: the CA key never leaves memory unless the caller writes it,
 * and no revocation is possible.
 */
public final class CertificateAuthority {
  private static final String KEY_ALGORITHM = "RSA";
  private static final int KEY_BITS = 2048;
  private static final String SIGNATURE_ALGORITHM = "SHA256withRSA";
  /** Certificates start this long before they are made, so a peer whose clock is a little behind accepts them. */
  static final Duration CLOCK_SKEW = Duration.ofHours(1);

  private static final SecureRandom RANDOM = new SecureRandom();

  private final KeyPair keyPair;
  private final X509Certificate certificate;

  private CertificateAuthority(KeyPair keyPair, X509Certificate certificate) {
    this.keyPair = keyPair;
    this.certificate = certificate;
  }

  /**
   * Makes a new CA: a fresh key pair and a self-signed certificate with subject {@code CN=commonName}, valid from a
   * little before now (see {@link #CLOCK_SKEW}) until {@code validity} from now, with basicConstraints CA:true and
   * key usage keyCertSign and cRLSign.
   */
  public static CertificateAuthority create(String commonName, Duration validity) throws GeneralSecurityException {
    requirePositive(validity);
    KeyPair keyPair = newKeyPair();
    X500Name subject = name(commonName);
    Instant now = Instant.now();
    X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(subject, serialNumber(),
        Date.from(now.minus(CLOCK_SKEW)), Date.from(now.plus(validity)), subject, keyPair.getPublic());
    JcaX509ExtensionUtils extensions = new JcaX509ExtensionUtils();
    try {
      builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(true))
          .addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign))
          .addExtension(Extension.subjectKeyIdentifier, false,
              extensions.createSubjectKeyIdentifier(keyPair.getPublic()));
    } catch (CertIOException e) {
      throw new GeneralSecurityException("cannot encode the CA certificate's extensions", e);
    }
    return new CertificateAuthority(keyPair, sign(builder, keyPair));
  }

  /**
   * Issues a certificate for an end entity (a server or a client; both usages are granted, so either may use it):
   * a fresh key pair, subject {@code CN=commonName}, the given subject alternative names (values that are IP
   * address literals become iPAddress entries, every other value a dNSName), key usage digitalSignature and
   * keyEncipherment, and extended key usage serverAuth and clientAuth. A {@code notAfter} in the past makes an
   * expired certificate, which is useful for tests.
   *
   * @return the key pair and the chain: the new certificate, then this CA's
   */
  public IssuedCertificate issue(String commonName, List<String> subjectAltNames, Instant notBefore,
      Instant notAfter) throws GeneralSecurityException {
    if (!notBefore.isBefore(notAfter)) {
      throw new IllegalArgumentException("notBefore " + notBefore + " is not before notAfter " + notAfter);
    }
    KeyPair entity = newKeyPair();
    X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(certificate, serialNumber(),
        Date.from(notBefore), Date.from(notAfter), name(commonName), entity.getPublic());
    JcaX509ExtensionUtils extensions = new JcaX509ExtensionUtils();
    try {
      builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(false))
          .addExtension(Extension.keyUsage, true,
              new KeyUsage(KeyUsage.digitalSignature | KeyUsage.keyEncipherment))
          .addExtension(Extension.extendedKeyUsage, false,
              new ExtendedKeyUsage(new KeyPurposeId[] {KeyPurposeId.id_kp_serverAuth, KeyPurposeId.id_kp_clientAuth}))
          .addExtension(Extension.subjectKeyIdentifier, false,
              extensions.createSubjectKeyIdentifier(entity.getPublic()))
          .addExtension(Extension.authorityKeyIdentifier, false,
              extensions.createAuthorityKeyIdentifier(certificate));
      if (!subjectAltNames.isEmpty()) {
        builder.addExtension(Extension.subjectAlternativeName, false, SubjectAltNames.of(subjectAltNames));
      }
    } catch (CertIOException e) {
      throw new GeneralSecurityException("cannot encode the certificate's extensions", e);
    }
    return new IssuedCertificate(entity, List.of(sign(builder, keyPair), certificate));
  }

  /** {@link #issue(String, List, Instant, Instant)} valid from a little before now until {@code validity} on. */
  public IssuedCertificate issue(String commonName, List<String> subjectAltNames, Duration validity)
      throws GeneralSecurityException {
    requirePositive(validity);
    Instant now = Instant.now();
    return issue(commonName, subjectAltNames, now.minus(CLOCK_SKEW), now.plus(validity));
  }

  /** The CA's self-signed certificate: what a truststore holds. */
  public X509Certificate certificate() {
    return certificate;
  }

  /** The CA's key pair; its private key signs every certificate this CA issues. */
  public KeyPair keyPair() {
    return keyPair;
  }

  private static KeyPair newKeyPair() throws GeneralSecurityException {
    KeyPairGenerator generator = KeyPairGenerator.getInstance(KEY_ALGORITHM);
    generator.initialize(KEY_BITS, RANDOM);
    return generator.generateKeyPair();
  }

  /** A random positive serial of 159 bits: unique without keeping a counter, and within RFC 5280's 20 octets. */
  private static BigInteger serialNumber() {
    return new BigInteger(159, RANDOM).add(BigInteger.ONE);
  }

  /** {@code CN=commonName}, built as an attribute rather than parsed, so commas or equals signs in it are data. */
  private static X500Name name(String commonName) {
    if (Objects.requireNonNull(commonName, "commonName").isBlank()) {
      throw new IllegalArgumentException("the common name is empty");
    }
    return new X500NameBuilder(BCStyle.INSTANCE).addRDN(BCStyle.CN, commonName).build();
  }

  private static X509Certificate sign(X509v3CertificateBuilder builder, KeyPair signer)
      throws GeneralSecurityException {
    try {
      return new JcaX509CertificateConverter()
          .getCertificate(builder.build(new JcaContentSignerBuilder(SIGNATURE_ALGORITHM).build(signer.getPrivate())));
    } catch (OperatorCreationException e) {
      throw new GeneralSecurityException("cannot sign with " + SIGNATURE_ALGORITHM, e);
    }
  }

  private static void requirePositive(Duration validity) {
    if (validity.isNegative() || validity.isZero()) {
      throw new IllegalArgumentException("validity must be positive, not " + validity);
    }
  }
}
