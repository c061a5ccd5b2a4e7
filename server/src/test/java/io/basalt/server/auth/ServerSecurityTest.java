package io.basalt.server.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.basalt.server.config.BasaltConfig;
import io.basalt.server.config.ConfigException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.security.UserGroupInformation;
import org.junit.jupiter.api.Test;

class ServerSecurityTest {
  @Test
  void simpleAuthenticationNeedsNothing() throws ConfigException {
    ServerSecurity security = ServerSecurity.login(BasaltConfig.of(), "localhost");
    assertNull(security.sasl());
    assertEquals("", security.describe());
  }

  /**
   * Superusers as HBase reads them: the server's own user first, then hbase.superuser split on commas and not
   * trimmed; groups from Hadoop's mapping on the server, static overrides first.
   */
  @Test
  void permissionChecksReadSuperusersAndGroupsAsHBaseDoes() throws Exception {
    ServerSecurity security = ServerSecurity.login(BasaltConfig.of(Map.of("hbase.security.authorization", "true",
        "hbase.superuser", "alice, bob,@admins", "hadoop.user.group.static.mapping.overrides",
        "carol=admins,readers;dave=;")), "localhost");
    UserPermissionsConfig permissions = security.permissions();
    assertEquals(List.of(UserGroupInformation.getCurrentUser().getShortUserName(), "alice", " bob"),
        permissions.superUsers());
    assertEquals(Set.of("@admins"), permissions.superGroups());
    var services = security.forServices().permissions();
    assertEquals(List.of("admins", "readers"), services.groupsOf().apply("carol"));
    assertEquals(List.of(), services.groupsOf().apply("dave"));
  }

  @Test
  void withoutPermissionChecksThereAreNone() throws ConfigException {
    assertNull(ServerSecurity.login(BasaltConfig.of(), "localhost").forServices().permissions());
  }

  /** Cell ACLs deciding access is a mode Basalt does not have: it must not start pretending to. */
  @Test
  void permissionsDecidedByCellAclsStopTheStart() {
    ConfigException refused = assertThrows(ConfigException.class, () -> ServerSecurity.login(BasaltConfig.of(
        Map.of("hbase.security.authorization", "true", "hbase.security.access.early_out", "false")), "localhost"));
    assertEquals("hbase.security.access.early_out=false makes HBase decide reads and writes by cell ACLs, which "
        + "Basalt does not keep; refusing to start with permissions decided otherwise", refused.getMessage());
  }
}
