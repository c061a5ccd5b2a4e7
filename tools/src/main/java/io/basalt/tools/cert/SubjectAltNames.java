package io.basalt.tools.cert;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.util.IPAddress;

/**
 * Subject alternative names from plain strings. TLS host name checks (HBase's included) compare a peer's address
 * with iPAddress entries and its name with dNSName entries only, so an address written as a dNSName would never
 * match: each value that is an IPv4 or IPv6 literal becomes an iPAddress entry, every other value a dNSName.
 */
final class SubjectAltNames {
  private SubjectAltNames() {
  }

  /** The names, in order, each once. */
  static GeneralNames of(List<String> values) {
    Set<String> distinct = new LinkedHashSet<>();
    for (String value : values) {
      if (value == null || value.isBlank()) {
        throw new IllegalArgumentException("a subject alternative name is empty");
      }
      distinct.add(value.trim());
    }
    return new GeneralNames(distinct.stream().map(SubjectAltNames::name).toArray(GeneralName[]::new));
  }

  /** Whether the value is an IP address literal; a syntax check only, never a DNS lookup. */
  static boolean isIpAddress(String value) {
    return IPAddress.isValid(value);
  }

  private static GeneralName name(String value) {
    return new GeneralName(isIpAddress(value) ? GeneralName.iPAddress : GeneralName.dNSName, value);
  }
}
