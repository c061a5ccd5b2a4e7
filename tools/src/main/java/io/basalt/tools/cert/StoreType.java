package io.basalt.tools.cert;

/**
 * The key and trust store formats HBase 2.6 reads for TLS ({@code hbase.rpc.tls.keystore.type} and
 * {@code hbase.rpc.tls.truststore.type}), as {@link TlsStores} writes them.
 */
public enum StoreType {
  /** Java's own key store format. */
  JKS("JKS", ".jks"),
  /** PKCS#12, which Java, OpenSSL and most other tools read. */
  PKCS12("PKCS12", ".p12"),
  /**
   * PEM text: a key store is a PKCS#8 private key (encrypted when it has a password) followed by the certificate
   * chain; a trust store is certificates alone.
   */
  PEM("PEM", ".pem");

  private final String hbaseType;
  private final String extension;

  StoreType(String hbaseType, String extension) {
    this.hbaseType = hbaseType;
    this.extension = extension;
  }

  /** The value of HBase's {@code hbase.rpc.tls.*.type} properties for this format. */
  public String hbaseType() {
    return hbaseType;
  }

  /** The file name extension HBase guesses this format from when no type is set, with its dot. */
  public String extension() {
    return extension;
  }
}
