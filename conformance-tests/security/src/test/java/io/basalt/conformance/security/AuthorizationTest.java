package io.basalt.conformance.security;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.BasaltProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.CompareOperator;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.RetriesExhaustedWithDetailsException;
import org.apache.hadoop.hbase.client.Row;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.client.security.SecurityCapability;
import org.apache.hadoop.hbase.filter.BinaryComparator;
import org.apache.hadoop.hbase.filter.ValueFilter;
import org.apache.hadoop.hbase.security.AccessDeniedException;
import org.apache.hadoop.hbase.security.User;
import org.apache.hadoop.hbase.security.access.AccessControlClient;
import org.apache.hadoop.hbase.security.access.Permission;
import org.apache.hadoop.hbase.security.access.UserPermission;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.security.UserGroupInformation;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code hbase.security.authorization=true} with stock clients: users named by simple authentication, groups pinned
 * by Hadoop's static group overrides on the server. Every kind of call a user lacks the permission for is refused
 * with HBase's AccessDeniedException and message, and the server goes on serving everyone else; grants and revokes
 * made with AccessControlClient (what the shell's grant, revoke and user_permission call) take effect on the next
 * call of connections already open; a read allowed on one family shows only that family, filter or not.
 */
class AuthorizationTest {
  private static final byte[] F = Bytes.toBytes("f");
  private static final byte[] G = Bytes.toBytes("g");
  private static final byte[] Q = Bytes.toBytes("q");
  private static final byte[] ROW = Bytes.toBytes("row");

  @TempDir
  static Path dir;
  private static BasaltProcess basalt;
  private static Connection admin;

  @BeforeAll
  static void start() throws IOException {
    basalt = TlsServers.start(dir, "authorization", Map.of(
        "hbase.security.authorization", "true",
        "hbase.superuser", "root-of-all,@supers",
        "hadoop.user.group.static.mapping.overrides", "carol=readers;sam=supers;bob=;dave=;erin=;frank=;",
        "basalt.audit.log", "denied"));
    // The test's own user is the server's too, so a superuser.
    admin = ConnectionFactory.createConnection(TlsClients.config(basalt, Map.of()));
  }

  @AfterAll
  static void stop() throws IOException {
    if (admin != null) {
      admin.close();
    }
    if (basalt != null) {
      basalt.close();
    }
  }

  @Test
  void aUserWithoutPermissionIsRefusedEveryKindOfCall() throws Throwable {
    TableName name = tableWithARow("each");
    try (Connection dave = connect("dave"); Table table = dave.getTable(name); Admin daveAdmin = dave.getAdmin()) {
      String t = name.getNameAsString();
      String scoped = "(user=dave, scope=default:" + t + ", ";
      assertDenied("Insufficient permissions for user 'dave' (table=" + t + ", action=READ)",
          () -> table.get(new Get(ROW)));
      assertDenied("Insufficient permissions for user 'dave' (table=" + t + ", action=READ)",
          () -> table.getScanner(new Scan()).next());
      assertDenied("Insufficient permissions " + scoped + "family=f:q, params=[table=default:" + t
          + ",family=f:q],action=WRITE)", () -> table.put(new Put(ROW).addColumn(F, Q, Bytes.toBytes("x"))));
      assertDenied("Insufficient permissions " + scoped + "family=f:, params=[table=default:" + t
          + ",family=f:],action=WRITE)", () -> table.delete(new Delete(ROW)));
      assertDenied("Insufficient permissions " + scoped + "family=f:q, params=[table=default:" + t
          + ",family=f:q],action=WRITE)", () -> table.increment(new Increment(ROW).addColumn(F, Q, 1)));
      assertDenied("Insufficient permissions " + scoped + "family=f:q, params=[table=default:" + t
          + ",family=f:q],action=READ)", () -> table.checkAndMutate(CheckAndMutate.newBuilder(ROW)
              .ifEquals(F, Q, Bytes.toBytes("v")).build(new Put(ROW).addColumn(F, Q, Bytes.toBytes("w")))));
      assertDenied("action=WRITE", () -> table.batch(List.<Row>of(new Put(ROW).addColumn(F, Q, Bytes.toBytes("b"))),
          new Object[1]));
      String tableCheck = "Insufficient permissions " + scoped + "params=[table=default:" + t + ",],action=CREATE)";
      assertDenied(tableCheck, () -> daveAdmin.getDescriptor(name));
      assertDenied(tableCheck, () -> daveAdmin.disableTable(name));
      assertDenied(tableCheck, () -> daveAdmin.deleteTable(name));
      assertDenied(tableCheck, () -> daveAdmin.flush(name));
      assertDenied(tableCheck, () -> daveAdmin.addColumnFamily(name, ColumnFamilyDescriptorBuilder.of("h")));
      assertDenied(tableCheck, () -> daveAdmin.compact(name));
      String adminCheck = "Insufficient permissions " + scoped + "params=[table=default:" + t + ",],action=ADMIN)";
      assertDenied(adminCheck, () -> daveAdmin.split(name, Bytes.toBytes("m")));
      assertDenied(adminCheck, () -> daveAdmin.snapshot("dave_snapshot", name));
      assertDenied("Insufficient permissions (user=dave, scope=default, params=[namespace=default,"
          + "table=default:dave_table,family=f],action=CREATE)", () -> daveAdmin.createTable(
              TableDescriptorBuilder.newBuilder(TableName.valueOf("dave_table"))
                  .setColumnFamily(ColumnFamilyDescriptorBuilder.of(F)).build()));
      String global = "Insufficient permissions for user 'dave' (global, action=ADMIN)";
      assertDenied(global, () -> daveAdmin.createNamespace(NamespaceDescriptor.create("dave_ns").build()));
      assertDenied(global, () -> daveAdmin.splitSwitch(false, true));
      // HBase answers a refused balancer switch with the switch's value, changing nothing; so does Basalt.
      boolean balancer = admin.getAdmin().isBalancerEnabled();
      assertEquals(balancer, daveAdmin.balancerSwitch(!balancer, true));
      assertEquals(balancer, admin.getAdmin().isBalancerEnabled());
      assertDenied(global, () -> daveAdmin.getProcedures());
      assertDenied(global, () -> AccessControlClient.getUserPermissions(dave, ""));
      assertFalse(List.of(daveAdmin.listTableNames()).contains(name), "dave sees no table he has no grant on");
    }
    // Everyone else is served as before, and nothing dave tried was done.
    try (Table table = admin.getTable(name)) {
      assertArrayEquals(Bytes.toBytes("v"), table.get(new Get(ROW)).getValue(F, Q));
      assertTrue(admin.getAdmin().isTableEnabled(name));
    }
  }

  @Test
  void grantsAndRevokesApplyToTheNextCallOfAnOpenConnection() throws Throwable {
    TableName name = tableWithARow("grants");
    try (Connection bob = connect("bob"); Table table = bob.getTable(name)) {
      assertDenied("action=READ", () -> table.get(new Get(ROW)));
      AccessControlClient.grant(admin, name, "bob", null, null, Permission.Action.READ);
      assertArrayEquals(Bytes.toBytes("v"), table.get(new Get(ROW)).getValue(F, Q));
      Put put = new Put(ROW).addColumn(F, Q, Bytes.toBytes("bob"));
      assertDenied("action=WRITE", () -> table.put(put));
      // The client (as the shell) merges: bob keeps READ and gains WRITE.
      AccessControlClient.grant(admin, name, "bob", null, null, Permission.Action.WRITE);
      table.put(put);
      assertArrayEquals(Bytes.toBytes("bob"), table.get(new Get(ROW)).getValue(F, Q));
      AccessControlClient.revoke(admin, name, "bob", null, null);
      assertDenied("action=READ", () -> table.get(new Get(ROW)));
      assertDenied("action=WRITE", () -> table.put(put));
    }
  }

  @Test
  void aFamilyGrantShowsOnlyThatFamilyFilterOrNot() throws Throwable {
    TableName name = tableWithARow("family");
    AccessControlClient.grant(admin, name, "erin", F, null, Permission.Action.READ);
    try (Connection erin = connect("erin"); Table table = erin.getTable(name)) {
      Result whole = table.get(new Get(ROW));
      assertArrayEquals(Bytes.toBytes("v"), whole.getValue(F, Q));
      assertNull(whole.getValue(G, Q), "g is not erin's to read");
      Scan filtered = new Scan().setFilter(new ValueFilter(CompareOperator.NOT_EQUAL,
          new BinaryComparator(Bytes.toBytes("nothing"))));
      try (ResultScanner scanner = table.getScanner(filtered)) {
        Result row = scanner.next();
        assertEquals(1, row.size(), row::toString);
        assertArrayEquals(F, CellUtil.cloneFamily(row.rawCells()[0]));
      }
      assertDenied("Insufficient permissions for user 'erin' (table=" + name.getNameAsString() + ", action=READ)",
          () -> table.get(new Get(ROW).addFamily(G)));
    }
    // A scan with a filter on a table the user may not read at all is refused, not filtered to nothing.
    try (Connection dave = connect("dave"); Table table = dave.getTable(name)) {
      assertDenied("action=READ", () -> table.getScanner(new Scan().setFilter(new ValueFilter(
          CompareOperator.EQUAL, new BinaryComparator(Bytes.toBytes("v"))))).next());
    }
  }

  @Test
  void aRefusedMutationFailsItsWholeBatch() throws Throwable {
    TableName name = tableWithARow("batch");
    AccessControlClient.grant(admin, name, "frank", F, null, Permission.Action.WRITE, Permission.Action.READ);
    try (Connection frank = connect("frank"); Table table = frank.getTable(name)) {
      List<Row> batch = new ArrayList<>();
      batch.add(new Put(Bytes.toBytes("a")).addColumn(F, Q, Bytes.toBytes("1")));
      batch.add(new Put(Bytes.toBytes("b")).addColumn(G, Q, Bytes.toBytes("2")));
      Object[] results = new Object[2];
      assertDenied("family=g:q", () -> table.batch(batch, results));
      assertTrue(results[0] instanceof AccessDeniedException, String.valueOf(results[0]));
      assertTrue(table.get(new Get(Bytes.toBytes("a"))).isEmpty(), "nothing of the refused batch was written");
      table.put(new Put(Bytes.toBytes("a")).addColumn(F, Q, Bytes.toBytes("1")));
      assertArrayEquals(Bytes.toBytes("1"), table.get(new Get(Bytes.toBytes("a"))).getValue(F, Q));
    }
  }

  @Test
  void groupsSuperusersAndOwners() throws Throwable {
    TableName name = tableWithARow("groups");
    AccessControlClient.grant(admin, name, "@readers", null, null, Permission.Action.READ);
    try (Connection carol = connect("carol"); Table table = carol.getTable(name)) {
      assertArrayEquals(Bytes.toBytes("v"), table.get(new Get(ROW)).getValue(F, Q));
    }
    // sam is in @supers, a superuser group: anything goes, and his grants are no one else's to change.
    TableName samTable = TableName.valueOf("sam_table");
    try (Connection sam = connect("sam"); Admin samAdmin = sam.getAdmin()) {
      samAdmin.createTable(TableDescriptorBuilder.newBuilder(samTable)
          .setColumnFamily(ColumnFamilyDescriptorBuilder.of(F)).build());
    }
    AccessControlClient.grant(admin, "bob", Permission.Action.ADMIN);
    try (Connection bob = connect("bob"); Admin bobAdmin = bob.getAdmin()) {
      assertDenied("Granting or revoking superusers's or supergroups's permissions is not allowed",
          () -> AccessControlClient.grant(bob, samTable, "sam", null, null, Permission.Action.READ));
      // Global ADMIN administers but does not read.
      bobAdmin.createNamespace(NamespaceDescriptor.create("bob_ns").build());
      try (Table table = bob.getTable(name)) {
        assertDenied("action=READ", () -> table.get(new Get(ROW)));
      }
    } finally {
      AccessControlClient.revoke(admin, "bob", Permission.Action.ADMIN);
    }
    // A table's creator owns it: every action, listed by user_permission, gone with the table.
    List<UserPermission> grants = AccessControlClient.getUserPermissions(admin, samTable.getNameAsString());
    assertEquals("[UserPermission: user=sam, [TablePermission: table=sam_table, family=null, qualifier=null, "
        + "actions=READ,WRITE,EXEC,CREATE,ADMIN]]", grants.toString());
    admin.getAdmin().disableTable(samTable);
    admin.getAdmin().deleteTable(samTable);
    admin.getAdmin().createTable(TableDescriptorBuilder.newBuilder(samTable)
        .setColumnFamily(ColumnFamilyDescriptorBuilder.of(F)).build());
    assertFalse(AccessControlClient.getUserPermissions(admin, samTable.getNameAsString()).toString()
        .contains("user=sam"), "a deleted table's grants go with it");
  }

  @Test
  void permissionQuestionsAreAnsweredAsHBaseAnswersThem() throws Throwable {
    TableName name = tableWithARow("questions");
    assertTrue(admin.getAdmin().getSecurityCapabilities().containsAll(List.of(
        SecurityCapability.SIMPLE_AUTHENTICATION, SecurityCapability.AUTHORIZATION,
        SecurityCapability.CELL_AUTHORIZATION)));
    assertTrue(AccessControlClient.isAuthorizationEnabled(admin));
    assertTrue(AccessControlClient.isAccessControllerRunning(admin));
    assertDenied("Not allowed to disable hbase:acl table with AccessController installed",
        () -> admin.getAdmin().disableTable(TableName.valueOf("hbase:acl")));
    AccessControlClient.grant(admin, name, "dave", F, Q, Permission.Action.READ);
    assertTrue(AccessControlClient.hasPermission(admin, name.getNameAsString(), "f", "q", "dave",
        Permission.Action.READ));
    assertFalse(AccessControlClient.hasPermission(admin, name.getNameAsString(), "g", "q", "dave",
        Permission.Action.READ));
    try (Connection dave = connect("dave")) {
      // Asking about oneself needs nothing; about someone else, ADMIN at the scope asked about.
      assertTrue(AccessControlClient.hasPermission(dave, name.getNameAsString(), "f", "q", "dave",
          Permission.Action.READ));
      assertDenied("filterUser=bob],action=ADMIN)", () -> AccessControlClient.hasPermission(dave,
          name.getNameAsString(), "f", "q", "bob", Permission.Action.READ));
    }
  }

  @Test
  void refusalsGoToTheAuditLog() throws Throwable {
    TableName name = tableWithARow("audited");
    try (Connection dave = connect("dave"); Table table = dave.getTable(name)) {
      assertDenied("action=READ", () -> table.get(new Get(ROW)));
    }
    Path audit = basalt.dataDir().resolve("audit").resolve("audit.log.0");
    List<String> lines = Files.readAllLines(audit);
    assertTrue(lines.stream().anyMatch(line -> line.contains("\"user\":\"dave\",\"auth\":\"SIMPLE\"")
        && line.contains("\"action\":\"ClientService.Get\",\"scope\":\"default:" + name.getNameAsString() + "\"")
        && line.contains("\"allowed\":false")), lines::toString);
  }

  @Test
  void grantsSurviveARestart() throws Throwable {
    Map<String, String> site = Map.of("hbase.security.authorization", "true",
        "hadoop.user.group.static.mapping.overrides", "bob=;");
    TableName name = TableName.valueOf("kept");
    Path data;
    try (BasaltProcess first = TlsServers.start(dir, "restart", site);
        Connection connection = ConnectionFactory.createConnection(TlsClients.config(first, Map.of()))) {
      data = first.dataDir();
      connection.getAdmin().createTable(TableDescriptorBuilder.newBuilder(name)
          .setColumnFamily(ColumnFamilyDescriptorBuilder.of(F)).build());
      AccessControlClient.grant(connection, name, "bob", null, null, Permission.Action.READ);
    }
    try (BasaltProcess second = TlsServers.startOn(data, dir, "restart", site, List.of());
        Connection bob = connect(second, "bob"); Table table = bob.getTable(name)) {
      assertTrue(table.get(new Get(ROW)).isEmpty());
      assertDenied("action=WRITE", () -> table.put(new Put(ROW).addColumn(F, Q, Bytes.toBytes("v"))));
    }
  }

  /** A new table with families f and g and one row with a cell in each. */
  private static TableName tableWithARow(String prefix) throws IOException {
    TableName name = TableName.valueOf(prefix + "_" + System.nanoTime());
    admin.getAdmin().createTable(TableDescriptorBuilder.newBuilder(name)
        .setColumnFamily(ColumnFamilyDescriptorBuilder.of(F)).setColumnFamily(ColumnFamilyDescriptorBuilder.of(G))
        .build());
    try (Table table = admin.getTable(name)) {
      table.put(new Put(ROW).addColumn(F, Q, Bytes.toBytes("v")).addColumn(G, Q, Bytes.toBytes("w")));
    }
    return name;
  }

  private static Connection connect(String user) throws IOException {
    return connect(basalt, user);
  }

  /** A connection as {@code user}, who names themselves (simple authentication), failing fast. */
  private static Connection connect(BasaltProcess server, String user) throws IOException {
    Configuration conf = TlsClients.failingFast(TlsClients.config(server, Map.of()));
    return ConnectionFactory.createConnection(conf, User.create(UserGroupInformation.createRemoteUser(user)));
  }

  /** The call fails with AccessDeniedException (itself, or as the cause the client wraps it in) saying this. */
  private static void assertDenied(String expected, Executable call) {
    Throwable thrown = assertThrows(Throwable.class, call);
    for (Throwable cause = thrown; cause != null; cause = cause.getCause()) {
      if (cause instanceof AccessDeniedException && cause.getMessage().contains(expected)) {
        return;
      }
    }
    if (thrown instanceof RetriesExhaustedWithDetailsException details) {
      for (Throwable cause : details.getCauses()) {
        if (cause instanceof AccessDeniedException && cause.getMessage().contains(expected)) {
          return;
        }
      }
    }
    throw new AssertionError("expected AccessDeniedException saying \"" + expected + "\", got:\n"
        + TlsClients.causes(thrown), thrown);
  }
}
