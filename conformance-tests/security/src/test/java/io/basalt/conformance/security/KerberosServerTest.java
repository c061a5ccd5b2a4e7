package io.basalt.conformance.security;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.BasaltProcess;
import io.basalt.conformance.kerberos.TestKdc;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.security.token.ClientTokenUtil;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server with {@code hbase.security.authentication=kerberos}, seen by clients that do not authenticate (stock
 * hbase-client 2.6.4 with simple authentication): refused with AccessDeniedException, unless the server allows
 * falling back to simple authentication, and even then given no delegation token. And the server's own login: a
 * keytab that is missing, or does not hold the principal's current key, or principals that differ for master and
 * region server, stop the start with one line saying so.
 */
class KerberosServerTest {
  @TempDir
  static Path dir;
  private static TestKdc kdc;
  private static Path serverKeytab;

  @BeforeAll
  static void start() throws Exception {
    kdc = TestKdc.start(dir.resolve("kdc"));
    serverKeytab = kdc.keytab("hbase/localhost");
  }

  @AfterAll
  static void stop() throws Exception {
    if (kdc != null) {
      kdc.close();
    }
  }

  @Test
  void clientsThatDoNotAuthenticateAreRefused() throws IOException {
    try (BasaltProcess basalt = TlsServers.start(dir, "kerberos-strict",
        KerberosSites.server(serverKeytab, "authentication"), kdc.jvmOptions())) {
      IOException refused = TlsClients.refused(TlsClients.config(basalt, Map.of()));
      String causes = TlsClients.causes(refused);
      assertTrue(causes.contains("org.apache.hadoop.hbase.security.AccessDeniedException")
          && causes.contains("Authentication is required"), causes);
      assertTrue(basalt.isAlive());
    }
  }

  @Test
  void clientsThatDoNotAuthenticateAreServedWhenFallbackIsAllowed() throws IOException {
    Map<String, String> site = new HashMap<>(KerberosSites.server(serverKeytab, "authentication"));
    site.put("hbase.ipc.server.fallback-to-simple-auth-allowed", "true");
    try (BasaltProcess basalt = TlsServers.start(dir, "kerberos-fallback", site, kdc.jvmOptions())) {
      TlsClients.roundTrip(TlsClients.config(basalt, Map.of()));
      IOException refused = assertThrows(IOException.class, () -> {
        try (Connection connection = ConnectionFactory.createConnection(TlsClients.config(basalt, Map.of()))) {
          ClientTokenUtil.obtainToken(connection);
        }
      });
      String causes = TlsClients.causes(refused);
      assertTrue(causes.contains("Token generation only allowed for Kerberos authenticated clients"), causes);
    }
  }

  @Test
  void aMissingKeytabStopsTheStart() {
    Map<String, String> site = KerberosSites.server(dir.resolve("no-such.keytab"), "authentication");
    assertStartFails(site, "cannot read the keytab " + dir.resolve("no-such.keytab"));
  }

  @Test
  void aKeytabWithAnOldKeyStopsTheStart() throws Exception {
    Path stale = kdc.keytab("hbase/stale");
    kdc.changeKey("hbase/stale");
    Map<String, String> site = new HashMap<>(KerberosSites.server(stale, "authentication"));
    site.put("hbase.regionserver.kerberos.principal", "hbase/stale@" + TestKdc.REALM);
    assertStartFails(site, "cannot log in as hbase/stale@" + TestKdc.REALM + " with the keytab " + stale);
  }

  @Test
  void differentMasterAndRegionServerPrincipalsStopTheStart() {
    Map<String, String> site = new HashMap<>(KerberosSites.server(serverKeytab, "authentication"));
    site.put("hbase.master.kerberos.principal", "master/_HOST@" + TestKdc.REALM);
    assertStartFails(site, "set them to the same value");
  }

  private static void assertStartFails(Map<String, String> site, String expected) {
    IOException failed = assertThrows(IOException.class,
        () -> TlsServers.start(dir, "kerberos-bad-" + System.nanoTime(), site, kdc.jvmOptions()).close());
    assertTrue(failed.getMessage().contains(expected), failed.getMessage());
  }
}
