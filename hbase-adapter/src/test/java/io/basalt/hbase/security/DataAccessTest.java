package io.basalt.hbase.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.Collection;
import java.util.LinkedHashMap;
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

/** Reads and writes decided as HBase 2.6.4's AccessController decides them, with its messages. */
class DataAccessTest {
  private static final TableName T2 = TableName.valueOf("t2");
  private static final RequestUser BOB = RequestUser.simple("bob");
  private static final RequestUser DAVE = RequestUser.simple("dave");
  private static final byte[] F1 = Bytes.toBytes("f1");
  private static final byte[] F2 = Bytes.toBytes("f2");

  private final PermissionTable grants = new PermissionTable();

  @Test
  void aReadOfOnlyReadableFamiliesRunsWholeOthersAreFilteredOrRefused() throws IOException {
    grant("bob", Permission.newBuilder(T2).withFamily(F1).withActions(Action.READ).build());
    Authorizer authorizer = authorizer();
    assertEquals(DataAccess.Read.WHOLE, DataAccess.read(authorizer, BOB, List.of(), T2, families(F1)));
    // A Get naming no family asks for all of them: bob sees only f1's cells.
    assertEquals(DataAccess.Read.FILTERED, DataAccess.read(authorizer, BOB, List.of(), T2, families(F1, F2)));
    assertTrue(DataAccess.mayRead(authorizer, BOB, List.of(), T2, F1, Bytes.toBytes("c")));
    assertFalse(DataAccess.mayRead(authorizer, BOB, List.of(), T2, F2, Bytes.toBytes("c")));
    assertEquals("Insufficient permissions for user 'bob' (table=t2, action=READ)",
        assertThrows(AccessDeniedException.class,
            () -> DataAccess.read(authorizer, BOB, List.of(), T2, families(F2))).getMessage());
    assertEquals(DataAccess.Read.WHOLE, DataAccess.read(authorizer, DAVE, List.of(), TableName.META_TABLE_NAME,
        families(Bytes.toBytes("info"))));
  }

  @Test
  void aQualifierGrantLetsAReadOfItsFamilyRunFiltered() throws IOException {
    grant("bob", Permission.newBuilder(T2).withFamily(F1).withQualifier(Bytes.toBytes("q1"))
        .withActions(Action.READ).build());
    Authorizer authorizer = authorizer();
    assertEquals(DataAccess.Read.FILTERED, DataAccess.read(authorizer, BOB, List.of(), T2, families(F1, F2)));
    Map<byte[], Collection<byte[]>> column = new LinkedHashMap<>();
    column.put(F1, Set.of(Bytes.toBytes("q1")));
    assertEquals(DataAccess.Read.WHOLE, DataAccess.read(authorizer, BOB, List.of(), T2, column));
  }

  @Test
  void aWriteNeedsEveryColumnItWritesAndNamesTheFirstItMayNot() throws IOException {
    grant("dave", Permission.newBuilder(T2).withFamily(F1).withActions(Action.WRITE).build());
    Authorizer authorizer = authorizer();
    Map<byte[], Collection<byte[]>> put = new LinkedHashMap<>();
    put.put(F1, List.of(Bytes.toBytes("a")));
    DataAccess.write(authorizer, DAVE, List.of(), T2, put);
    put.put(F2, List.of(Bytes.toBytes("c1"), Bytes.toBytes("c2")));
    assertEquals("Insufficient permissions (user=dave, scope=default:t2, family=f2:c1, "
        + "params=[table=default:t2,family=f2:c1],action=WRITE)", assertThrows(AccessDeniedException.class,
            () -> DataAccess.write(authorizer, DAVE, List.of(), T2, put)).getMessage());
    Map<byte[], Collection<byte[]>> familyDelete = new LinkedHashMap<>();
    familyDelete.put(F2, List.of(new byte[0]));
    assertEquals("Insufficient permissions (user=dave, scope=default:t2, family=f2:, "
        + "params=[table=default:t2,family=f2:],action=WRITE)", assertThrows(AccessDeniedException.class,
            () -> DataAccess.write(authorizer, DAVE, List.of(), T2, familyDelete)).getMessage());
    assertEquals("Insufficient permissions (user=dave, scope=default:t2, params=[table=default:t2],action=WRITE)",
        assertThrows(AccessDeniedException.class,
            () -> DataAccess.write(authorizer, DAVE, List.of(), T2, Map.of())).getMessage());
  }

  private static Map<byte[], Collection<byte[]>> families(byte[]... names) {
    Map<byte[], Collection<byte[]>> families = new LinkedHashMap<>();
    for (byte[] name : names) {
      families.put(name, null);
    }
    return families;
  }

  private void grant(String user, Permission permission) throws IOException {
    grants.grant(new UserPermission(user, permission), true);
  }

  private Authorizer authorizer() {
    return new Authorizer(grants, Set.of("hbase"), Set.of());
  }
}
