package io.basalt.hbase.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.util.List;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.security.access.Permission;
import org.apache.hadoop.hbase.security.access.Permission.Action;
import org.apache.hadoop.hbase.security.access.UserPermission;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

/** The grants kept as HBase's hbase:acl rows and cells, with what Grant and Revoke do to them in HBase 2.6.4. */
class PermissionTableTest {
  private static final TableName T1 = TableName.valueOf("t1");
  private final PermissionTable table = new PermissionTable();

  @Test
  void eachScopeHasHBasesRowAndCell() {
    assertEquals("hbase:acl", PermissionTable.row(Permission.newBuilder().build()));
    assertEquals("@ns1", PermissionTable.row(Permission.newBuilder("ns1").build()));
    assertEquals("t1", PermissionTable.row(Permission.newBuilder(TableName.valueOf("default:t1")).build()));
    assertEquals("ns1:t2", PermissionTable.row(Permission.newBuilder(TableName.valueOf("ns1:t2")).build()));
    assertEquals("bob", PermissionTable.cell(onTable("bob", null, null, Action.READ)));
    assertEquals("bob,f1", PermissionTable.cell(onTable("bob", "f1", null, Action.READ)));
    assertEquals("@g1,f1,q1", PermissionTable.cell(onTable("@g1", "f1", "q1", Action.READ)));
    // A qualifier without its family is dropped: the grant covers the table.
    assertEquals("bob", PermissionTable.cell(onTable("bob", null, "q1", Action.READ)));
  }

  @Test
  void grantsMergeWhenAskedAndReplaceOtherwise() throws IOException {
    table.grant(onTable("bob", null, null, Action.READ), true);
    table.grant(onTable("bob", null, null, Action.WRITE), true);
    assertEquals(List.of(onTable("bob", null, null, Action.READ, Action.WRITE)), table.grants("t1"));
    table.grant(onTable("bob", null, null, Action.ADMIN), false);
    assertEquals(List.of(onTable("bob", null, null, Action.ADMIN)), table.grants("t1"));
    assertEquals("No actions associated with user 'bob'",
        assertThrows(IOException.class, () -> table.grant(onTable("bob", null, null), true)).getMessage());
  }

  @Test
  void aRevokeWithoutActionsRemovesExactlyItsCell() throws IOException {
    table.grant(onTable("bob", null, null, Action.READ), true);
    table.grant(onTable("bob", "f1", null, Action.READ), true);
    table.revoke(onTable("bob", null, null));
    assertEquals(List.of(onTable("bob", "f1", null, Action.READ)), table.grants("t1"));
    table.revoke(onTable("bob", "f1", null));
    assertEquals(List.of(), table.grants("t1"));
    table.revoke(onTable("carol", null, null)); // nothing to remove: no error, as in HBase
  }

  @Test
  void aRevokeOfSomeActionsEditsTheUsersFirstCellAsHBaseDoes() throws IOException {
    table.grant(onTable("bob", null, null, Action.READ, Action.WRITE), true);
    table.grant(onTable("bob", "f1", null, Action.READ), true);
    table.revoke(onTable("bob", "f1", null, Action.WRITE));
    assertEquals(List.of(onTable("bob", null, null, Action.READ), onTable("bob", "f1", null, Action.READ)),
        table.grants("t1"));
  }

  @Test
  void grantsReadBackAtTheirScopesAndSurviveTheStore() throws IOException {
    table.grant(new UserPermission("bob", Permission.newBuilder().withActions(Action.ADMIN).build()), true);
    table.grant(new UserPermission("@ops", Permission.newBuilder("ns1").withActions(Action.READ).build()), true);
    table.grant(onTable("bob", "f1", "q1", Action.READ), true);
    table.grant(new UserPermission("carol", Permission.newBuilder(TableName.valueOf("ns1:t2"))
        .withFamily(Bytes.toBytes("f")).withActions(Action.WRITE).build()), true);
    PermissionTable restored = PermissionTable.fromBytes(table.toBytes());
    assertEquals(table.all(), restored.all());
    assertEquals(List.of(
        new UserPermission("@ops", Permission.newBuilder("ns1").withActions(Action.READ).build()),
        new UserPermission("bob", Permission.newBuilder().withActions(Action.ADMIN).build()),
        new UserPermission("carol", Permission.newBuilder(TableName.valueOf("ns1:t2"))
            .withFamily(Bytes.toBytes("f")).withActions(Action.WRITE).build()),
        onTable("bob", "f1", "q1", Action.READ)), restored.all());
  }

  @Test
  void aTableGrantOnTheAclTableItselfReadsBackAsGlobal() throws IOException {
    table.grant(new UserPermission("bob", Permission.newBuilder(TableName.valueOf("hbase:acl"))
        .withActions(Action.READ).build()), true);
    assertEquals(List.of(new UserPermission("bob", Permission.newBuilder().withActions(Action.READ).build())),
        table.grants(PermissionTable.GLOBAL_ROW));
  }

  @Test
  void droppingATablesRowForgetsItsGrants() throws IOException {
    table.grant(onTable("bob", null, null, Action.READ), true);
    table.dropRow(PermissionTable.row(T1));
    assertEquals(List.of(), table.all());
  }

  private static UserPermission onTable(String user, String family, String qualifier, Action... actions) {
    Permission.Builder permission = Permission.newBuilder(T1).withActions(actions);
    if (family != null) {
      permission.withFamily(Bytes.toBytes(family));
    }
    if (qualifier != null) {
      permission.withQualifier(Bytes.toBytes(qualifier));
    }
    return new UserPermission(user, permission.build());
  }
}
