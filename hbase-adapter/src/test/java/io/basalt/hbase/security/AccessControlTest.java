package io.basalt.hbase.security;

import io.basalt.hbase.testing.MemoryGrants;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.security.AccessDeniedException;
import org.apache.hadoop.hbase.security.access.Permission;
import org.apache.hadoop.hbase.security.access.Permission.Action;
import org.apache.hadoop.hbase.security.access.UserPermission;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

/** Who may grant, revoke, list and ask, and what they get, as HBase 2.6.4's AccessController answers. */
class AccessControlTest {
  private static final TableName T1 = TableName.valueOf("t1");
  private static final RequestUser HBASE = RequestUser.simple("hbase");
  private static final RequestUser BOB = RequestUser.simple("bob");
  private static final RequestUser DAVE = RequestUser.simple("dave");

  private final MemoryGrants store = new MemoryGrants();
  private final Map<String, List<String>> groups = Map.of("erin", List.of("admins"), "bob", List.of("staff"));

  private AccessControl accessControl() throws IOException {
    return new AccessControl(store, List.of("hbase", "root"), Set.of("@admins"),
        user -> groups.getOrDefault(user, List.of()));
  }

  @Test
  void grantsNeedAdminAtTheirScopeAndTakeEffectAtOnce() throws IOException {
    AccessControl access = accessControl();
    access.grant(HBASE, onTable("bob", Action.ADMIN), true);
    access.grant(BOB, onTable("dave", Action.READ), true);
    assertEquals(List.of(true), access.hasPermissions(DAVE, null, List.of(Permission.newBuilder(T1)
        .withActions(Action.READ).build())));
    assertEquals("Insufficient permissions (user=dave, scope=default:t1, params=[table=default:t1,],action=ADMIN)",
        assertThrows(AccessDeniedException.class, () -> access.grant(DAVE, onTable("dave", Action.WRITE), true))
            .getMessage());
    assertEquals("Insufficient permissions for user 'bob' (global, action=ADMIN)",
        assertThrows(AccessDeniedException.class, () -> access.grant(BOB, new UserPermission("dave",
            Permission.newBuilder().withActions(Action.READ).build()), true)).getMessage());
    assertEquals("Insufficient permissions (user=bob, scope=ns1, params=[namespace=ns1,],action=ADMIN)",
        assertThrows(AccessDeniedException.class, () -> access.grant(BOB, new UserPermission("dave",
            Permission.newBuilder("ns1").withActions(Action.READ).build()), true)).getMessage());
  }

  @Test
  void superusersGrantsAreOffLimitsToOthers() throws IOException {
    AccessControl access = accessControl();
    access.grant(HBASE, onTable("bob", Action.ADMIN), true);
    String refused = "Granting or revoking superusers's or supergroups's permissions is not allowed";
    assertEquals(refused, assertThrows(AccessDeniedException.class,
        () -> access.grant(BOB, onTable("root", Action.READ), true)).getMessage());
    assertEquals(refused, assertThrows(AccessDeniedException.class,
        () -> access.revoke(BOB, onTable("erin"))).getMessage());
    assertEquals(refused, assertThrows(AccessDeniedException.class,
        () -> access.grant(BOB, onTable("@admins", Action.READ), true)).getMessage());
  }

  @Test
  void listingNeedsAdminAndAnswersTheScopesGrantsNarrowedAsAsked() throws IOException {
    AccessControl access = accessControl();
    access.grant(HBASE, onTable("bob", Action.READ), true);
    access.grant(HBASE, new UserPermission("bob", Permission.newBuilder(T1).withFamily(Bytes.toBytes("f"))
        .withActions(Action.WRITE).build()), true);
    access.grant(HBASE, onTable("@staff", Action.EXEC), true);
    access.grant(HBASE, new UserPermission("carol", Permission.newBuilder().withActions(Action.READ).build()),
        true);
    assertEquals(3, access.userPermissions(HBASE, T1, null, null, null, null).size());
    assertEquals(List.of(new UserPermission("bob", Permission.newBuilder(T1).withFamily(Bytes.toBytes("f"))
        .withActions(Action.WRITE).build())), access.userPermissions(HBASE, T1, null, Bytes.toBytes("f"), null,
        null));
    // bob's own grants and his group's
    assertEquals(3, access.userPermissions(HBASE, T1, null, null, null, "bob").size());
    // Global: the grants, then every superuser with every action, the server's own user first.
    assertEquals(List.of(
        new UserPermission("carol", Permission.newBuilder().withActions(Action.READ).build()),
        new UserPermission("hbase", Permission.newBuilder().withActions(Action.values()).build()),
        new UserPermission("root", Permission.newBuilder().withActions(Action.values()).build())),
        access.userPermissions(HBASE, null, null, null, null, null));
    assertEquals("Insufficient permissions (user=bob, scope=default:t1, params=[table=default:t1,filterUser=bob],"
        + "action=ADMIN)", assertThrows(AccessDeniedException.class,
            () -> access.userPermissions(BOB, T1, null, null, null, "bob")).getMessage());
  }

  @Test
  void revokesRemoveTheGrantsCellAndSurviveARestart() throws IOException {
    AccessControl access = accessControl();
    access.grant(HBASE, onTable("bob", Action.READ, Action.WRITE), true);
    access.revoke(HBASE, onTable("bob"));
    AccessControl restarted = accessControl();
    assertEquals(List.of(false), restarted.hasPermissions(BOB, null, List.of(Permission.newBuilder(T1)
        .withActions(Action.READ).build())));
    access.grant(HBASE, onTable("bob", Action.READ), true);
    assertEquals(List.of(true, false), accessControl().hasPermissions(HBASE, "bob", List.of(
        Permission.newBuilder(T1).withActions(Action.READ).build(),
        Permission.newBuilder(T1).withActions(Action.WRITE).build())));
    assertEquals("Insufficient permissions (user=dave, scope=default:t1, params=[table=default:t1,filterUser=bob],"
        + "action=ADMIN)", assertThrows(AccessDeniedException.class, () -> accessControl().hasPermissions(DAVE,
            "bob", List.of(Permission.newBuilder(T1).withActions(Action.READ).build()))).getMessage());
  }

  private static UserPermission onTable(String user, Action... actions) {
    return new UserPermission(user, Permission.newBuilder(T1).withActions(actions).build());
  }
}
