package io.basalt.tools.cert;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.util.List;
import org.bouncycastle.jce.provider.BouncyCastleProvider;
import org.bouncycastle.openssl.PKCS8Generator;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.openssl.jcajce.JcaPKCS8Generator;
import org.bouncycastle.openssl.jcajce.JceOpenSSLPKCS8EncryptorBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.OutputEncryptor;
import org.bouncycastle.util.io.pem.PemGenerationException;

/**
 * PEM text of keys and certificates, in the forms HBase's PEM loader reads: a private key must be PKCS#8
 * ({@code BEGIN PRIVATE KEY}, or {@code BEGIN ENCRYPTED PRIVATE KEY} when the store has a password), not OpenSSL's
 * older per-algorithm form ({@code BEGIN RSA PRIVATE KEY}).
 */
final class PemText {
  private static final SecureRandom RANDOM = new SecureRandom();
  /**
   * Bouncy Castle's PKCS#8 encryptor asks for its ciphers by names only Bouncy Castle's own provider knows. It is
   * passed to the encryptor alone, not registered with the JVM, so nothing else changes provider.
   */
  private static final Provider BOUNCY_CASTLE = new BouncyCastleProvider();

  private PemText() {
  }

  /**
   * The key as PKCS#8 PEM; with a non-empty password it is encrypted with PKCS#12's PBE with SHA-1 and 3-key
   * triple DES. That is old, but it is what HBase can read: its PEM loader decrypts with the JDK's own
   * {@code EncryptedPrivateKeyInfo} and looks the cipher up by the name the JDK gives the algorithm, and the JDK
   * (17 at least) names PBES2, the modern scheme with PBKDF2 and AES, just "PBES2", which no cipher answers to.
   * HBase's own test helpers encrypt their PEM keys the same way.
   */
  static String privateKey(PrivateKey key, char[] password) throws GeneralSecurityException {
    OutputEncryptor encryptor = null;
    if (password != null && password.length > 0) {
      try {
        encryptor = new JceOpenSSLPKCS8EncryptorBuilder(PKCS8Generator.PBE_SHA1_3DES)
            .setRandom(RANDOM)
            .setProvider(BOUNCY_CASTLE)
            .setPassword(password)
            .build();
      } catch (OperatorCreationException e) {
        throw new GeneralSecurityException("cannot set up the private key's encryption", e);
      }
    }
    try {
      return write(new JcaPKCS8Generator(key, encryptor));
    } catch (PemGenerationException e) {
      throw new GeneralSecurityException("cannot encode the private key as PKCS#8", e);
    }
  }

  /** The certificates, each as a {@code BEGIN CERTIFICATE} block, in the given order. */
  static String certificates(List<X509Certificate> certificates) {
    StringBuilder text = new StringBuilder();
    for (X509Certificate certificate : certificates) {
      text.append(write(certificate));
    }
    return text.toString();
  }

  private static String write(Object object) {
    StringWriter text = new StringWriter();
    try (JcaPEMWriter writer = new JcaPEMWriter(text)) {
      writer.writeObject(object);
    } catch (IOException e) {
      // Only encoding can fail here: a StringWriter does no I/O.
      throw new UncheckedIOException("cannot PEM-encode " + object.getClass().getSimpleName(), e);
    }
    return text.toString();
  }
}
