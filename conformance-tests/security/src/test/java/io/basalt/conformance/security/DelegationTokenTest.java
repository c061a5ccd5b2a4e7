package io.basalt.conformance.security;

import static io.basalt.conformance.security.KerberosAuthenticationTest.as;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.BasaltProcess;
import io.basalt.conformance.kerberos.TestKdc;
import java.io.IOException;
import java.nio.file.Path;
import java.security.PrivilegedExceptionAction;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.security.token.AuthenticationTokenIdentifier;
import org.apache.hadoop.hbase.security.token.ClientTokenUtil;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.token.Token;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Delegation tokens with stock hbase-client 2.6.4, as a MapReduce job uses them: a Kerberos user gets a token
 * ({@code ClientTokenUtil.obtainToken}, AuthenticationService on hbase:meta) and a process without Kerberos
 * credentials authenticates with it (SASL DIGEST-MD5), as that user. A token survives a restart of the server; a
 * tampered, expired or foreign token is refused, and so is a token user asking for another token.
 */
class DelegationTokenTest {
  @TempDir
  static Path dir;
  private static KerberosFixture kerberos;
  private static TestKdc kdc;
  private static Path serverKeytab;
  private static UserGroupInformation alice;
  private static BasaltProcess basalt;

  @BeforeAll
  static void start() throws Exception {
    kerberos = KerberosFixture.start(dir, "tokens");
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

  @Test
  void aTokenAuthenticatesItsUserWithoutKerberosAcrossARestart() throws Exception {
    Token<AuthenticationTokenIdentifier> token = obtain(basalt);
    assertEquals("alice@" + TestKdc.REALM, token.decodeIdentifier().getUsername());
    UserGroupInformation task = holding(token);
    as(task, () -> TlsClients.roundTrip(KerberosSites.client(basalt, "authentication")));
    assertEquals("alice", procedureOwner(task, basalt));

    basalt = kerberos.restart();
    as(task, () -> TlsClients.roundTrip(KerberosSites.client(basalt, "authentication")));
  }

  @Test
  void aTamperedTokenIsRefused() throws Exception {
    Token<AuthenticationTokenIdentifier> token = obtain(basalt);
    byte[] password = token.getPassword().clone();
    password[0] ^= 1;
    Token<AuthenticationTokenIdentifier> tampered =
        new Token<>(token.getIdentifier(), password, token.getKind(), token.getService());
    String causes = refusedWith(tampered, basalt);
    assertTrue(causes.contains("javax.security.sasl.SaslException"), causes);
  }

  @Test
  void anExpiredTokenIsRefused() throws Exception {
    Map<String, String> site = new HashMap<>(KerberosSites.server(serverKeytab, "authentication"));
    site.put("hbase.auth.token.max.lifetime", "1");
    try (BasaltProcess shortLived = TlsServers.start(dir, "tokens-expiring", site, kdc.jvmOptions())) {
      String causes = refusedWith(obtain(shortLived), shortLived);
      assertTrue(causes.contains("org.apache.hadoop.security.token.SecretManager$InvalidToken")
          && causes.contains("Token has expired"), causes);
      assertTrue(shortLived.isAlive());
    }
  }

  @Test
  void anotherServersTokenIsRefused() throws Exception {
    try (BasaltProcess other = TlsServers.start(dir, "tokens-other",
        KerberosSites.server(serverKeytab, "authentication"), kdc.jvmOptions())) {
      Token<AuthenticationTokenIdentifier> foreign = obtain(other);
      // Pointed at this server's cluster id. Both servers' first keys have the same id, different secrets.
      Token<AuthenticationTokenIdentifier> redirected = new Token<>(foreign.getIdentifier(), foreign.getPassword(),
          foreign.getKind(), obtain(basalt).getService());
      String causes = refusedWith(redirected, basalt);
      assertTrue(causes.contains("javax.security.sasl.SaslException"), causes);
    }
  }

  @Test
  void aTokenUserGetsNoFurtherToken() throws Exception {
    UserGroupInformation task = holding(obtain(basalt));
    IOException refused = assertThrows(IOException.class, () -> task.doAs(
        (PrivilegedExceptionAction<Token<AuthenticationTokenIdentifier>>) () -> {
          try (Connection connection = ConnectionFactory.createConnection(
              KerberosSites.client(basalt, "authentication"))) {
            return ClientTokenUtil.obtainToken(connection);
          }
        }));
    String causes = TlsClients.causes(refused);
    assertTrue(causes.contains("Token generation only allowed for Kerberos authenticated clients"), causes);
  }

  /** A token for alice, got as alice with Kerberos. */
  private static Token<AuthenticationTokenIdentifier> obtain(BasaltProcess server) throws Exception {
    return as(alice, () -> {
      try (Connection connection = ConnectionFactory.createConnection(
          KerberosSites.client(server, "authentication"))) {
        return ClientTokenUtil.obtainToken(connection);
      }
    });
  }

  /** A process's user with no Kerberos credentials, only the token: a MapReduce task's. */
  private static UserGroupInformation holding(Token<AuthenticationTokenIdentifier> token) {
    UserGroupInformation task = UserGroupInformation.createRemoteUser("alice");
    task.addToken(token);
    return task;
  }

  private static String refusedWith(Token<AuthenticationTokenIdentifier> token, BasaltProcess server)
      throws Exception {
    Configuration conf = KerberosSites.client(server, "authentication");
    IOException refused = as(holding(token), () -> TlsClients.refused(conf));
    return TlsClients.causes(refused);
  }

  private static String procedureOwner(UserGroupInformation user, BasaltProcess server) throws Exception {
    return as(user, () -> {
      try (Connection connection = ConnectionFactory.createConnection(
          KerberosSites.client(server, "authentication")); Admin admin = connection.getAdmin()) {
        String procedures = admin.getProcedures();
        int at = procedures.lastIndexOf("\"owner\":\"");
        return procedures.substring(at + 9, procedures.indexOf('"', at + 9));
      }
    });
  }
}
