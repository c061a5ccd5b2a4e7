package io.basalt.conformance.security;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.basalt.conformance.harness.BasaltProcess;
import io.basalt.conformance.kerberos.TestKdc;
import io.basalt.tools.cert.HBaseTlsProperties;
import io.basalt.tools.cert.StoreType;
import java.nio.file.Path;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.security.token.ClientTokenUtil;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code basalt.security.certificate.user}: a TLS client's calls run as the user its certificate names (its common
 * name, or its whole subject), not as the user its connection header claims (the stock client sends its process's
 * user, here whoever runs the build). The user shows as the owner of what it does. On a Kerberos server the
 * certificate authenticates the client.
 */
class CertificateUserTest {
  @TempDir
  Path dir;

  @ParameterizedTest(name = "rule {0}")
  @ValueSource(strings = {"CN", "DN", "none"})
  void callsRunAsTheUserTheCertificateNames(String rule) throws Exception {
    TlsMaterial material = TlsMaterial.create(dir);
    Path trust = material.trustStore("trust", material.ca, StoreType.PKCS12);
    Path clientKeys = material.keyStore("client", material.client, StoreType.PKCS12);
    Map<String, String> site = material.serverSite(StoreType.PKCS12);
    site.put("hbase.server.netty.tls.supportplaintext", "false");
    site.put("basalt.security.certificate.user", rule);
    try (BasaltProcess basalt = TlsServers.start(dir, "certificate-user-" + rule, site)) {
      Configuration conf = TlsClients.config(basalt,
          HBaseTlsProperties.client(clientKeys, trust, StoreType.PKCS12, TlsMaterial.PASSWORD));
      TlsClients.roundTrip(conf);
      String expected = switch (rule) {
        case "CN" -> "alice";
        case "DN" -> material.client.certificate().getSubjectX500Principal().getName();
        default -> System.getProperty("user.name");
      };
      assertEquals(expected, lastProcedureOwner(conf));
      if (!rule.equals("none")) {
        TlsServers.awaitLogLine(basalt, "users from client certificates' " + rule);
      }
    }
  }

  /**
   * On a Kerberos server, a certificate naming a user authenticates a client that does no SASL (stock clients with
   * TLS and simple authentication), and its user may get a delegation token.
   */
  @Test
  void aCertificateAuthenticatesOnAKerberosServer() throws Exception {
    TlsMaterial material = TlsMaterial.create(dir);
    Path trust = material.trustStore("trust", material.ca, StoreType.PKCS12);
    Path clientKeys = material.keyStore("client", material.client, StoreType.PKCS12);
    try (TestKdc kdc = TestKdc.start(dir.resolve("kdc"))) {
      Map<String, String> site = material.serverSite(StoreType.PKCS12);
      site.putAll(KerberosSites.server(kdc.keytab("hbase/localhost"), "authentication"));
      site.put("hbase.server.netty.tls.supportplaintext", "false");
      site.put("basalt.security.certificate.user", "CN");
      try (BasaltProcess basalt = TlsServers.start(dir, "certificate-user-kerberos", site, kdc.jvmOptions())) {
        Configuration conf = TlsClients.config(basalt,
            HBaseTlsProperties.client(clientKeys, trust, StoreType.PKCS12, TlsMaterial.PASSWORD));
        TlsClients.roundTrip(conf);
        assertEquals("alice", lastProcedureOwner(conf));
        try (Connection connection = ConnectionFactory.createConnection(conf)) {
          assertEquals("alice", ClientTokenUtil.obtainToken(connection).decodeIdentifier().getUsername());
        }
      }
    }
  }

  private static String lastProcedureOwner(Configuration conf) throws Exception {
    try (Connection connection = ConnectionFactory.createConnection(conf); Admin admin = connection.getAdmin()) {
      String procedures = admin.getProcedures();
      int at = procedures.lastIndexOf("\"owner\":\"");
      return procedures.substring(at + 9, procedures.indexOf('"', at + 9));
    }
  }
}
