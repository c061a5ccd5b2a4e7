package io.basalt.tools.cert;

import java.security.KeyPair;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.List;

/**
 * What {@link CertificateAuthority#issue} made: the end entity's key pair and its certificate chain, the entity's
 * own certificate first and the issuing CA's last, in the order a TLS peer sends them and a key store keeps them.
 */
public record IssuedCertificate(KeyPair keyPair, List<X509Certificate> chain) {
  public IssuedCertificate {
    if (chain.isEmpty()) {
      throw new IllegalArgumentException("a certificate chain needs at least the entity's certificate");
    }
    chain = List.copyOf(chain);
  }

  /** The private key that goes with {@link #certificate()}. */
  public PrivateKey privateKey() {
    return keyPair.getPrivate();
  }

  /** The entity's own certificate, the first of the chain. */
  public X509Certificate certificate() {
    return chain.get(0);
  }
}
