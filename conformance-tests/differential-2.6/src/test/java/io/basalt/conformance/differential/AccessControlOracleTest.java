package io.basalt.conformance.differential;

import static io.basalt.conformance.differential.SchemaSteps.create;
import static io.basalt.conformance.differential.SchemaSteps.family;

import java.util.TreeSet;
import org.apache.hadoop.hbase.security.access.AccessControlClient;
import org.apache.hadoop.hbase.security.access.Permission;
import org.apache.hadoop.hbase.security.token.ClientTokenUtil;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Security questions of a server with simple authentication and no permissions, compared with real HBase 2.6.4
 * through the stock 2.6 client: its security capabilities, the permission RPCs (HBase without its
 * AccessController refuses them with one message), and a delegation token (HBase without its TokenProvider has no
 * AuthenticationService).
 */
class AccessControlOracleTest {
  @RegisterExtension
  static final BasaltAndHBase SERVERS = BasaltAndHBase.shared();

  @Test
  void capabilitiesAndPermissionRpcsWithoutAuthorization() {
    SERVERS.same((connection, admin, table) -> new TreeSet<>(admin.getSecurityCapabilities()).toString());
    SERVERS.same((connection, admin, table) -> AccessControlClient.isAuthorizationEnabled(connection) + " "
        + AccessControlClient.isCellAuthorizationEnabled(connection));
    SERVERS.same((connection, admin, table) -> {
      create(admin, table, family());
      return acl(() -> {
        AccessControlClient.grant(connection, table, "bob", null, null, Permission.Action.READ);
        return "granted";
      });
    });
    SERVERS.same((connection, admin, table) -> {
      return acl(() -> {
        AccessControlClient.revoke(connection, "bob", Permission.Action.READ);
        return "revoked";
      });
    });
    SERVERS.same((connection, admin, table) ->
        acl(() -> AccessControlClient.getUserPermissions(connection, null).toString()));
    SERVERS.same((connection, admin, table) -> {
      create(admin, table, family());
      return acl(() -> String.valueOf(AccessControlClient.hasPermission(connection, table.getNameAsString(), "", "",
          "bob", Permission.Action.READ)));
    });
  }

  /** AccessControlClient declares Throwable; what it throws is an exception, compared as the others are. */
  private static String acl(Call call) throws Exception {
    try {
      return call.run();
    } catch (Exception e) {
      throw e;
    } catch (Throwable t) {
      throw new Exception(t);
    }
  }

  private interface Call {
    String run() throws Throwable;
  }

  @Test
  void noDelegationTokensWithoutKerberos() {
    SERVERS.same((connection, admin, table) -> ClientTokenUtil.obtainToken(connection).toString());
  }
}
