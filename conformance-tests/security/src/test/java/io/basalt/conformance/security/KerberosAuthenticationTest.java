package io.basalt.conformance.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.BasaltProcess;
import io.basalt.conformance.kerberos.TestKdc;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PrivilegedExceptionAction;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.security.UserGroupInformation;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code hbase.security.authentication=kerberos} against a real KDC, with stock hbase-client 2.6.4 logged in from
 * keytabs as HBase applications log in: a Kerberos user reads and writes through either registry and is the owner
 * of what it does; a client asking for a ticket to a principal the server does not hold is refused with HBase's
 * error and the server serves the Kerberos user after it; a client whose server offers only simple authentication
 * goes on without it only when its configuration allows that. Simple clients are in {@link KerberosServerTest}.
 */
class KerberosAuthenticationTest {
  @TempDir
  static Path dir;
  private static KerberosFixture kerberos;
  private static TestKdc kdc;
  private static BasaltProcess basalt;
  private static UserGroupInformation alice;
  private static Path serverKeytab;

  @BeforeAll
  static void start() throws Exception {
    kerberos = KerberosFixture.start(dir, "kerberos");
    kdc = kerberos.kdc();
    serverKeytab = kerberos.serverKeytab();
    alice = kerberos.alice();
    basalt = kerberos.basalt();
  }

  @AfterAll
  static void stop() throws Exception {
    if (kerberos != null) {
      kerberos.close();
    }
  }

  @AfterEach
  void stillServesKerberosUsers() throws Exception {
    as(alice, () -> TlsClients.roundTrip(KerberosSites.client(basalt, "authentication")));
  }

  @Test
  void aKerberosUserReadsWritesAndOwnsItsProcedures() throws Exception {
    as(alice, () -> TlsClients.roundTrip(KerberosSites.client(basalt, "authentication")));
    String procedures = as(alice, () -> {
      try (Connection connection = ConnectionFactory.createConnection(
          KerberosSites.client(basalt, "authentication")); Admin admin = connection.getAdmin()) {
        return admin.getProcedures();
      }
    });
    assertTrue(procedures.contains("\"owner\":\"alice\""), procedures);
  }

  @Test
  void eachAuthenticationIsOneLineOfTheAuditLog() throws Exception {
    as(alice, () -> TlsClients.roundTrip(KerberosSites.client(basalt, "authentication")));
    Map<String, String> other = new HashMap<>(KerberosSites.clientProperties("authentication"));
    kdc.keytab("audited/localhost");
    other.put("hbase.regionserver.kerberos.principal", "audited/_HOST@" + TestKdc.REALM);
    other.put("hbase.master.kerberos.principal", "audited/_HOST@" + TestKdc.REALM);
    as(alice, () -> TlsClients.refused(TlsClients.config(basalt, other)));
    List<String> lines = Files.readAllLines(kerberos.auditLog());
    assertTrue(lines.stream().anyMatch(line -> line.contains("\"user\":\"alice@EXAMPLE.COM\",\"auth\":\"KERBEROS\"")
        && line.contains("\"action\":\"authenticate\",\"scope\":\"connection\",\"allowed\":true")), lines::toString);
    assertTrue(lines.stream().anyMatch(line -> line.contains("\"allowed\":false")
        && line.contains("GSS initiate failed") && line.contains("\"remote\":\"/127.0.0.1:")), lines::toString);
  }

  @Test
  void theServerReportsSecureAuthentication() throws Exception {
    String capabilities = as(alice, () -> {
      try (Connection connection = ConnectionFactory.createConnection(
          KerberosSites.client(basalt, "authentication")); Admin admin = connection.getAdmin()) {
        return admin.getSecurityCapabilities().toString();
      }
    });
    assertEquals("[SECURE_AUTHENTICATION]", capabilities);
  }

  @Test
  void aKerberosUserConnectsThroughTheRpcRegistry() throws Exception {
    // hbase-client 2.6.4 picks its authentication providers once per JVM, from the configuration of the first
    // connection it makes. With the RPC registry that is the registry's own connection asking for the cluster id,
    // configured for simple authentication, after which every Kerberos connection fails ("SimpleSasl...Provider
    // returned a null SaslClient"), against HBase as against Basalt. A ZooKeeper registry connection first avoids it.
    as(alice, () -> TlsClients.roundTrip(KerberosSites.client(basalt, "authentication")));
    Configuration conf = KerberosSites.client(basalt, "authentication");
    conf.set("hbase.client.registry.impl", "org.apache.hadoop.hbase.client.RpcConnectionRegistry");
    conf.set("hbase.client.bootstrap.servers", basalt.rpcAddress());
    as(alice, () -> TlsClients.roundTrip(conf));
  }

  @Test
  void aTicketForAnotherPrincipalIsRefused() throws Exception {
    kdc.keytab("other/localhost");
    Map<String, String> other = new HashMap<>(KerberosSites.clientProperties("authentication"));
    other.put("hbase.regionserver.kerberos.principal", "other/_HOST@" + TestKdc.REALM);
    other.put("hbase.master.kerberos.principal", "other/_HOST@" + TestKdc.REALM);
    IOException refused = as(alice, () -> TlsClients.refused(TlsClients.config(basalt, other)));
    String causes = TlsClients.causes(refused);
    assertTrue(causes.contains("javax.security.sasl.SaslException"), causes);
    TlsServers.awaitLogLine(basalt, "Authentication of /127.0.0.1:");
  }

  @Test
  void aKerberosClientOfASimpleServerFallsBackOnlyWhenAllowed() throws Exception {
    try (BasaltProcess simple = TlsServers.start(dir, "simple", Map.of(), kdc.jvmOptions())) {
      Configuration strict = KerberosSites.client(simple, "authentication");
      IOException refused = as(alice, () -> TlsClients.refused(strict));
      String causes = TlsClients.causes(refused);
      assertTrue(causes.contains("FallbackDisallowedException"), causes);
      Configuration lenient = KerberosSites.client(simple, "authentication");
      lenient.setBoolean("hbase.ipc.client.fallback-to-simple-auth-allowed", true);
      as(alice, () -> TlsClients.roundTrip(lenient));
    }
  }

  @Test
  void integrityAndPrivacyProtectEveryMessageOfClientsThatAskForThem() throws Exception {
    Map<String, String> site = KerberosSites.server(serverKeytab, "privacy,integrity");
    try (BasaltProcess protecting = TlsServers.start(dir, "kerberos-privacy", site, kdc.jvmOptions())) {
      as(alice, () -> TlsClients.roundTrip(KerberosSites.client(protecting, "privacy")));
      as(alice, () -> TlsClients.largeRoundTrip(KerberosSites.client(protecting, "privacy")));
      as(alice, () -> TlsClients.roundTrip(KerberosSites.client(protecting, "integrity")));
      IOException refused = as(alice, () -> TlsClients.refused(KerberosSites.client(protecting, "authentication")));
      String causes = TlsClients.causes(refused);
      assertTrue(causes.contains("No common protection layer between client and server"), causes);
      as(alice, () -> TlsClients.roundTrip(KerberosSites.client(protecting, "privacy")));
    }
  }

  static <T> T as(UserGroupInformation user, PrivilegedExceptionAction<T> action) throws Exception {
    return user.doAs(action);
  }

  static void as(UserGroupInformation user, ClientAction action) throws Exception {
    user.doAs((PrivilegedExceptionAction<Void>) () -> {
      action.run();
      return null;
    });
  }

  interface ClientAction {
    void run() throws Exception;
  }
}
