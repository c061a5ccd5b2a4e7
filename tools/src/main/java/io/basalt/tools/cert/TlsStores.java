package io.basalt.tools.cert;

import static java.nio.charset.StandardCharsets.US_ASCII;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.List;

/**
 * Writes key stores (a private key with its certificate chain, what a TLS server or client presents) and trust
 * stores (the CA certificate peers are checked against) in each {@link StoreType} HBase reads. Files holding a
 * private key are made readable by their owner only; trust stores hold nothing secret and get the usual mode.
 * Every method replaces a file already at the path.
 */
public final class TlsStores {
  /** The alias of the key entry in JKS and PKCS#12 key stores. */
  public static final String KEY_ALIAS = "key";
  /** The alias of the CA certificate in JKS and PKCS#12 trust stores. */
  public static final String CA_ALIAS = "ca";

  private TlsStores() {
  }

  /**
   * Writes the private key and certificate chain as a key store. JKS and PKCS12 need a password, which protects
   * both the store and its key (HBase reads the key with the store's password). PEM writes the PKCS#8 key,
   * encrypted with the password when there is one (null or empty writes it in the clear), then the chain.
   */
  public static void writeKeyStore(Path file, StoreType type, IssuedCertificate issued, String password)
      throws IOException, GeneralSecurityException {
    byte[] content;
    if (type == StoreType.PEM) {
      content = (PemText.privateKey(issued.privateKey(), chars(password)) + PemText.certificates(issued.chain()))
          .getBytes(US_ASCII);
    } else {
      char[] secret = required(password, type);
      KeyStore store = emptyStore(type);
      store.setKeyEntry(KEY_ALIAS, issued.privateKey(), secret, issued.chain().toArray(new Certificate[0]));
      content = bytes(store, secret);
    }
    OwnerOnlyFiles.write(file, content);
  }

  /**
   * Writes the CA certificate as a trust store. JKS and PKCS12 need a password (it guards the store's integrity);
   * PEM ignores it.
   */
  public static void writeTrustStore(Path file, StoreType type, X509Certificate caCertificate, String password)
      throws IOException, GeneralSecurityException {
    byte[] content;
    if (type == StoreType.PEM) {
      content = PemText.certificates(List.of(caCertificate)).getBytes(US_ASCII);
    } else {
      char[] secret = required(password, type);
      KeyStore store = emptyStore(type);
      store.setCertificateEntry(CA_ALIAS, caCertificate);
      content = bytes(store, secret);
    }
    Files.write(file, content);
  }

  /**
   * Writes a private key alone as PKCS#8 PEM, encrypted with the password when there is one, readable by the
   * owner only: how {@code bin/basalt cert} keeps its CA's key.
   */
  public static void writePrivateKey(Path file, PrivateKey key, String password)
      throws IOException, GeneralSecurityException {
    OwnerOnlyFiles.write(file, PemText.privateKey(key, chars(password)).getBytes(US_ASCII));
  }

  private static KeyStore emptyStore(StoreType type) throws IOException, GeneralSecurityException {
    KeyStore store = KeyStore.getInstance(type.hbaseType());
    store.load(null, null);
    return store;
  }

  private static byte[] bytes(KeyStore store, char[] password) throws IOException, GeneralSecurityException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    store.store(out, password);
    return out.toByteArray();
  }

  private static char[] required(String password, StoreType type) {
    if (password == null || password.isEmpty()) {
      throw new IllegalArgumentException(type + " stores need a password");
    }
    return password.toCharArray();
  }

  private static char[] chars(String password) {
    return password == null ? null : password.toCharArray();
  }
}
