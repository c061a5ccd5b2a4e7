package io.basalt.conformance.security;

import static io.basalt.conformance.security.KerberosAuthenticationTest.as;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.BasaltProcess;
import io.basalt.conformance.kerberos.TestKdc;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.security.access.AccessControlClient;
import org.apache.hadoop.hbase.security.access.Permission;
import org.apache.hadoop.hbase.security.token.AuthenticationTokenIdentifier;
import org.apache.hadoop.hbase.security.token.ClientTokenUtil;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.token.Token;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Permissions with Kerberos: the server's own principal is a superuser; a Kerberos user is checked by its short name
 * (auth_to_local) and refusals name it as HBase's do (the whole principal in the context form, the short name in
 * the others); a process holding that user's delegation token has that user's permissions, no more.
 */
class KerberosAuthorizationTest {
  private static final byte[] F = Bytes.toBytes("f");
  private static final byte[] ROW = Bytes.toBytes("row");

  @TempDir
  Path dir;

  @Test
  void kerberosUsersAndTheirTokensAreCheckedByTheirShortNames() throws Exception {
    try (TestKdc kdc = TestKdc.start(dir.resolve("kdc"))) {
      Path serverKeytab = kdc.keytab("hbase/localhost");
      UserGroupInformation alice = TestKdc.login("alice", kdc.keytab("alice"));
      UserGroupInformation hbase = TestKdc.login("hbase/localhost", serverKeytab);
      Map<String, String> site = new HashMap<>(KerberosSites.server(serverKeytab, "authentication"));
      site.put("hbase.security.authorization", "true");
      site.put("hadoop.user.group.static.mapping.overrides", "alice=;hbase=;");
      try (BasaltProcess basalt = TlsServers.start(dir, "kerberos-authorization", site, kdc.jvmOptions())) {
        Configuration conf = KerberosSites.client(basalt, "authentication");
        TableName name = TableName.valueOf("kerberos_checked");
        as(hbase, () -> {
          try (Connection connection = ConnectionFactory.createConnection(conf)) {
            connection.getAdmin().createTable(TableDescriptorBuilder.newBuilder(name)
                .setColumnFamily(ColumnFamilyDescriptorBuilder.of(F)).build());
            try (Table table = connection.getTable(name)) {
              table.put(new Put(ROW).addColumn(F, F, Bytes.toBytes("v")));
            }
          }
        });
        String read = causesOf(alice, () -> get(conf, name));
        assertTrue(read.contains("AccessDeniedException: Insufficient permissions for user 'alice' (table="
            + "kerberos_checked, action=READ)"), read);
        String write = causesOf(alice, () -> put(conf, name));
        assertTrue(write.contains("Insufficient permissions (user=alice@" + TestKdc.REALM
            + ", scope=default:kerberos_checked, family=f:f, "), write);

        as(hbase, () -> {
          try (Connection connection = ConnectionFactory.createConnection(conf)) {
            AccessControlClient.grant(connection, name, "alice", null, null, Permission.Action.READ);
          } catch (Throwable t) {
            throw new Exception(t);
          }
        });
        as(alice, () -> assertArrayEquals(Bytes.toBytes("v"), get(conf, name)));
        Token<AuthenticationTokenIdentifier> token = as(alice, () -> {
          try (Connection connection = ConnectionFactory.createConnection(conf)) {
            return ClientTokenUtil.obtainToken(connection);
          }
        });
        UserGroupInformation task = UserGroupInformation.createRemoteUser("alice");
        task.addToken(token);
        as(task, () -> assertArrayEquals(Bytes.toBytes("v"), get(conf, name)));
        String tokenWrite = causesOf(task, () -> put(conf, name));
        assertTrue(tokenWrite.contains("Insufficient permissions (user=alice@" + TestKdc.REALM), tokenWrite);
      }
    }
  }

  private static byte[] get(Configuration conf, TableName name) throws Exception {
    try (Connection connection = ConnectionFactory.createConnection(TlsClients.failingFast(conf));
        Table table = connection.getTable(name)) {
      return table.get(new Get(ROW)).getValue(F, F);
    }
  }

  private static byte[] put(Configuration conf, TableName name) throws Exception {
    try (Connection connection = ConnectionFactory.createConnection(TlsClients.failingFast(conf));
        Table table = connection.getTable(name)) {
      table.put(new Put(ROW).addColumn(F, F, Bytes.toBytes("w")));
      return null;
    }
  }

  private interface Call {
    byte[] run() throws Exception;
  }

  /** What the call threw as {@code user}, cause by cause; fails if it threw nothing. */
  private static String causesOf(UserGroupInformation user, Call call) throws Exception {
    return as(user, () -> {
      try {
        call.run();
      } catch (Exception e) {
        return TlsClients.causes(e);
      }
      throw new AssertionError("the call was allowed");
    });
  }
}
