package io.basalt.hbase.security;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.security.access.Permission;
import org.apache.hadoop.hbase.security.access.Permission.Action;
import org.apache.hadoop.hbase.security.access.UserPermission;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

/** Decisions as HBase 2.6.4's AccessController makes them (checked there by running its own classes). */
class AuthorizerTest {
  private static final TableName T2 = TableName.valueOf("t2");
  private static final byte[] F1 = Bytes.toBytes("f1");
  private static final byte[] F2 = Bytes.toBytes("f2");
  private static final byte[] Q1 = Bytes.toBytes("q1");
  private static final List<String> NO_GROUPS = List.of();

  private final PermissionTable grants = new PermissionTable();

  @Test
  void superusersAndMembersOfSupergroupsMayDoAnything() {
    Authorizer authorizer = new Authorizer(grants, Set.of("hbase"), Set.of("@supers"));
    assertTrue(authorizer.table("hbase", NO_GROUPS, T2, F1, Q1, Action.WRITE));
    assertTrue(authorizer.global("dave", List.of("staff", "supers"), Action.ADMIN));
    assertFalse(authorizer.global("dave", List.of("staff"), Action.ADMIN));
  }

  @Test
  void actionsAreIndependent() throws IOException {
    grant("bob", Permission.newBuilder().withActions(Action.ADMIN).build());
    Authorizer authorizer = authorizer();
    assertTrue(authorizer.global("bob", NO_GROUPS, Action.ADMIN));
    assertFalse(authorizer.global("bob", NO_GROUPS, Action.CREATE));
    assertFalse(authorizer.table("bob", NO_GROUPS, T2, null, null, Action.READ));
  }

  @Test
  void aNamespaceGrantCoversItsTablesFamiliesAndQualifiers() throws IOException {
    grant("bob", Permission.newBuilder("ns1").withActions(Action.READ, Action.ADMIN).build());
    Authorizer authorizer = authorizer();
    assertTrue(authorizer.table("bob", NO_GROUPS, TableName.valueOf("ns1:t9"), Bytes.toBytes("f"),
        Bytes.toBytes("q"), Action.READ));
    assertFalse(authorizer.table("bob", NO_GROUPS, T2, null, null, Action.READ));
    assertFalse(authorizer.global("bob", NO_GROUPS, Action.READ));
  }

  @Test
  void aFamilyGrantCoversItsQualifiersButNotTheTable() throws IOException {
    grant("bob", Permission.newBuilder(T2).withFamily(F1).withActions(Action.READ).build());
    Authorizer authorizer = authorizer();
    assertFalse(authorizer.table("bob", NO_GROUPS, T2, null, null, Action.READ));
    assertTrue(authorizer.table("bob", NO_GROUPS, T2, F1, null, Action.READ));
    assertTrue(authorizer.table("bob", NO_GROUPS, T2, F1, Q1, Action.READ));
    assertFalse(authorizer.table("bob", NO_GROUPS, T2, F2, null, Action.READ));
    assertTrue(authorizer.anyTableGrant("bob", NO_GROUPS, T2, Action.READ));
    assertFalse(authorizer.anyTableGrant("bob", NO_GROUPS, T2, Action.WRITE));
  }

  @Test
  void aQualifierGrantCoversOnlyItsQualifierYetCountsForItsFamilysPartialReads() throws IOException {
    grant("bob", Permission.newBuilder(T2).withFamily(F1).withQualifier(Q1).withActions(Action.READ).build());
    Authorizer authorizer = authorizer();
    assertFalse(authorizer.table("bob", NO_GROUPS, T2, F1, null, Action.READ));
    assertTrue(authorizer.table("bob", NO_GROUPS, T2, F1, Q1, Action.READ));
    assertFalse(authorizer.table("bob", NO_GROUPS, T2, F1, Bytes.toBytes("q2"), Action.READ));
    assertTrue(authorizer.familyGrant("bob", NO_GROUPS, T2, F1, Action.READ));
    assertFalse(authorizer.familyGrant("bob", NO_GROUPS, T2, F2, Action.READ));
  }

  @Test
  void groupGrantsCountForTheirMembers() throws IOException {
    grant("@analysts", Permission.newBuilder(T2).withActions(Action.READ).build());
    Authorizer authorizer = authorizer();
    assertTrue(authorizer.table("erin", List.of("analysts"), T2, F1, null, Action.READ));
    assertFalse(authorizer.table("erin", List.of("staff"), T2, F1, null, Action.READ));
  }

  private void grant(String user, Permission permission) throws IOException {
    grants.grant(new UserPermission(user, permission), true);
  }

  private Authorizer authorizer() {
    return new Authorizer(grants, Set.of("hbase"), Set.of());
  }
}
