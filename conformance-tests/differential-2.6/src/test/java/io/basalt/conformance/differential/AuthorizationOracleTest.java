package io.basalt.conformance.differential;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.apache.hadoop.hbase.CompareOperator;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Append;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.RetriesExhaustedWithDetailsException;
import org.apache.hadoop.hbase.client.Row;
import org.apache.hadoop.hbase.client.RowMutations;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.SnapshotDescription;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.filter.BinaryComparator;
import org.apache.hadoop.hbase.filter.ValueFilter;
import org.apache.hadoop.hbase.security.access.AccessControlClient;
import org.apache.hadoop.hbase.security.access.Permission.Action;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledIfSystemProperty;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Permissions compared with real HBase 2.6.4 running its AccessController, both with
 * {@code hbase.security.authorization=true}, the same superuser group and the same users' groups (Hadoop's static
 * overrides), through the stock 2.6 client: each kind of call refused to a user without grants, with the same
 * exception and message; grants and revokes as AccessControlClient (and the shell) makes them, and what
 * user_permission lists after them; reads allowed on one family; batches with one refused mutation; groups,
 * superusers and the owner grant of a new table.
 *
 * <p>HBase applies a grant or revoke to its checks a moment after answering it (its servers learn of it through
 * ZooKeeper); after each, the sequences wait, a bounded while, for the change to show, as HBase's own tests do.
 *
 * <p>Left out of the cluster execution, as other classes with servers of their own are: the checks are the same code
 * on every node, and ClusterAuthorizationTest (security module) checks grants reaching a cluster's nodes.
 */
@DisabledIfSystemProperty(named = "basalt.conformance.cluster", matches = ".+",
    disabledReason = NotInClusterYet.OWN_SERVERS)
class AuthorizationOracleTest {
  private static final byte[] F = Bytes.toBytes("f");
  private static final byte[] G = Bytes.toBytes("g");
  private static final byte[] Q = Bytes.toBytes("q");
  private static final byte[] ROW = Bytes.toBytes("r");
  private static final String ACCESS_CONTROLLER = "org.apache.hadoop.hbase.security.access.AccessController";
  private static final long SETTLE_MILLIS = 10_000;

  @RegisterExtension
  static final BasaltAndHBase SERVERS = BasaltAndHBase.ofItsOwn(
      Map.of("hbase.security.authorization", "true",
          "hbase.superuser", "@supers",
          "hadoop.user.group.static.mapping.overrides", "carol=readers;sam=supers;bob=;dave=;erin=;frank=;"),
      Map.of("hbase.coprocessor.master.classes", ACCESS_CONTROLLER,
          "hbase.coprocessor.region.classes", ACCESS_CONTROLLER,
          "hbase.coprocessor.regionserver.classes", ACCESS_CONTROLLER));

  @Test
  void everyKindOfCallIsRefusedToAUserWithoutGrants() {
    checked(SERVERS.same((connection, admin, table) -> {
      tableWithARow(connection, admin, table);
      Connection dave = SERVERS.as(connection, "dave");
      List<String> outcomes = new ArrayList<>();
      try (Table data = dave.getTable(table); Admin daveAdmin = dave.getAdmin()) {
        outcomes.add(attempt(() -> data.get(new Get(ROW))));
        outcomes.add(attempt(() -> data.exists(new Get(ROW))));
        outcomes.add(attempt(() -> firstRow(data, new Scan())));
        outcomes.add(attempt(() -> firstRow(data, new Scan().setFilter(new ValueFilter(CompareOperator.EQUAL,
            new BinaryComparator(Bytes.toBytes("v")))))));
        outcomes.add(attempt(() -> data.put(new Put(ROW).addColumn(F, Q, Bytes.toBytes("x")))));
        outcomes.add(attempt(() -> data.delete(new Delete(ROW))));
        outcomes.add(attempt(() -> data.delete(new Delete(ROW).addFamily(G))));
        outcomes.add(attempt(() -> data.delete(new Delete(ROW).addColumns(F, Q))));
        outcomes.add(attempt(() -> data.increment(new Increment(ROW).addColumn(F, Q, 1))));
        outcomes.add(attempt(() -> data.append(new Append(ROW).addColumn(F, Q, Bytes.toBytes("a")))));
        outcomes.add(attempt(() -> data.checkAndMutate(CheckAndMutate.newBuilder(ROW).ifEquals(F, Q,
            Bytes.toBytes("v")).build(new Put(ROW).addColumn(G, Q, Bytes.toBytes("w"))))));
        outcomes.add(batch(data, List.of(new Put(ROW).addColumn(F, Q, Bytes.toBytes("b")), new Get(ROW))));
        outcomes.add(attempt(() -> daveAdmin.getDescriptor(table)));
        outcomes.add(attempt(() -> daveAdmin.flush(table)));
        outcomes.add(attempt(() -> daveAdmin.addColumnFamily(table, ColumnFamilyDescriptorBuilder.of("h"))));
        outcomes.add(attempt(() -> daveAdmin.split(table, Bytes.toBytes("m"))));
        outcomes.add(attempt(() -> daveAdmin.snapshot(table.getNameAsString() + "_dave", table)));
        outcomes.add(attempt(() -> daveAdmin.disableTable(table)));
        outcomes.add(attempt(() -> daveAdmin.createTable(TableDescriptorBuilder.newBuilder(
            TableName.valueOf(table.getNameAsString() + "_dave")).setColumnFamily(
                ColumnFamilyDescriptorBuilder.of(F)).build())));
        outcomes.add(attempt(() -> daveAdmin.createNamespace(NamespaceDescriptor.create("dave_ns").build())));
        outcomes.add(attempt(() -> daveAdmin.getNamespaceDescriptor("default")));
        outcomes.add(attempt(() -> daveAdmin.balancerSwitch(false, true)));
        outcomes.add(attempt(() -> daveAdmin.getProcedures()));
        outcomes.add(attempt(() -> daveAdmin.getLocks()));
        outcomes.add(attempt(() -> AccessControlClient.getUserPermissions(dave, "")));
        outcomes.add(attempt(() -> List.of(daveAdmin.listTableNames()).contains(table)));
        outcomes.add(attempt(() -> daveAdmin.listTableDescriptors().size()));
        outcomes.add(attempt(() -> daveAdmin.listNamespaceDescriptors().length));
      }
      // Nothing dave tried was done.
      try (Table data = connection.getTable(table)) {
        outcomes.add(cells(data.get(new Get(ROW))) + " " + admin.isTableEnabled(table));
      }
      return String.join("\n", outcomes);
    }), "AccessDeniedException");
  }

  @Test
  void grantsRevokesAndWhatTheyList() {
    checked(SERVERS.same((connection, admin, table) -> {
      tableWithARow(connection, admin, table);
      Connection bob = SERVERS.as(connection, "bob");
      List<String> outcomes = new ArrayList<>();
      try (Table data = bob.getTable(table)) {
        String before = attempt(() -> cells(data.get(new Get(ROW))));
        acl(() -> AccessControlClient.grant(connection, table, "bob", null, null, Action.READ));
        outcomes.add(before + " -> " + settled(() -> cells(data.get(new Get(ROW))), before));
        String refused = attempt(() -> data.put(new Put(ROW).addColumn(F, Q, Bytes.toBytes("bob"))));
        acl(() -> AccessControlClient.grant(connection, table, "bob", F, null, Action.WRITE));
        acl(() -> AccessControlClient.grant(connection, table, "bob", G, Q, Action.WRITE, Action.ADMIN));
        outcomes.add(refused + " -> " + settled(() -> data.put(new Put(ROW).addColumn(F, Q,
            Bytes.toBytes("bob"))), refused));
        outcomes.add(attempt(() -> AccessControlClient.getUserPermissions(connection, table.getNameAsString())));
        outcomes.add(attempt(() -> AccessControlClient.getUserPermissions(connection, table.getNameAsString(),
            "bob")));
        outcomes.add(attempt(() -> AccessControlClient.getUserPermissions(connection, table.getNameAsString(),
            F)));
        outcomes.add(attempt(() -> AccessControlClient.hasPermission(connection, table.getNameAsString(), "g", "q",
            "bob", Action.WRITE, Action.ADMIN)));
        outcomes.add(attempt(() -> AccessControlClient.hasPermission(connection, table.getNameAsString(), "g", "",
            "bob", Action.WRITE)));
        // bob may ask about himself without ADMIN, not about others.
        outcomes.add(attempt(() -> AccessControlClient.hasPermission(bob, table.getNameAsString(), "f", "",
            "bob", Action.WRITE)));
        outcomes.add(attempt(() -> AccessControlClient.hasPermission(bob, table.getNameAsString(), "f", "",
            "dave", Action.WRITE)));
        // Revoking the table grant leaves the family and column grants.
        String readable = attempt(() -> cells(data.get(new Get(ROW))));
        acl(() -> AccessControlClient.revoke(connection, table, "bob", null, null));
        outcomes.add(readable + " -> " + settled(() -> cells(data.get(new Get(ROW))), readable));
        outcomes.add(attempt(() -> AccessControlClient.getUserPermissions(connection, table.getNameAsString())));
      }
      return String.join("\n", outcomes);
    }), "AccessDeniedException");
  }

  @Test
  void aReadAllowedOnOneFamilySeesOnlyThatFamily() {
    checked(SERVERS.same((connection, admin, table) -> {
      tableWithARow(connection, admin, table);
      Connection erin = SERVERS.as(connection, "erin");
      List<String> outcomes = new ArrayList<>();
      try (Table data = erin.getTable(table)) {
        String before = attempt(() -> cells(data.get(new Get(ROW))));
        acl(() -> AccessControlClient.grant(connection, table, "erin", F, null, Action.READ));
        outcomes.add(before + " -> " + settled(() -> cells(data.get(new Get(ROW))), before));
        outcomes.add(attempt(() -> cells(data.get(new Get(ROW).addFamily(F)))));
        outcomes.add(attempt(() -> cells(data.get(new Get(ROW).addFamily(G)))));
        outcomes.add(attempt(() -> data.exists(new Get(ROW))));
        outcomes.add(attempt(() -> firstRow(data, new Scan())));
        outcomes.add(attempt(() -> firstRow(data, new Scan().setFilter(new ValueFilter(CompareOperator.NOT_EQUAL,
            new BinaryComparator(Bytes.toBytes("v")))))));
        outcomes.add(attempt(() -> firstRow(data, new Scan().addFamily(G))));
        String column = attempt(() -> cells(data.get(new Get(ROW).addColumn(G, Q))));
        acl(() -> AccessControlClient.grant(connection, table, "erin", G, Q, Action.READ));
        outcomes.add(column + " -> " + settled(() -> cells(data.get(new Get(ROW).addColumn(G, Q))), column));
        outcomes.add(attempt(() -> firstRow(data, new Scan())));
      }
      return String.join("\n", outcomes);
    }), "AccessDeniedException");
  }

  @Test
  void aRefusedMutationFailsItsBatch() {
    checked(SERVERS.same((connection, admin, table) -> {
      tableWithARow(connection, admin, table);
      Connection frank = SERVERS.as(connection, "frank");
      List<String> outcomes = new ArrayList<>();
      try (Table data = frank.getTable(table)) {
        String before = attempt(() -> data.put(new Put(Bytes.toBytes("a")).addColumn(F, Q, Bytes.toBytes("0"))));
        acl(() -> AccessControlClient.grant(connection, table, "frank", F, null, Action.READ, Action.WRITE));
        outcomes.add(before + " -> " + settled(() -> data.put(new Put(Bytes.toBytes("a")).addColumn(F, Q,
            Bytes.toBytes("0"))), before));
        outcomes.add(batch(data, List.of(new Put(Bytes.toBytes("b")).addColumn(F, Q, Bytes.toBytes("1")),
            new Put(Bytes.toBytes("c")).addColumn(G, Q, Bytes.toBytes("2")),
            new Put(Bytes.toBytes("d")).addColumn(F, Q, Bytes.toBytes("3")))));
        outcomes.add(batch(data, List.of(new Put(Bytes.toBytes("e")).addColumn(F, Q, Bytes.toBytes("4")),
            new Get(Bytes.toBytes("a")), new Increment(Bytes.toBytes("f")).addColumn(G, Q, 1))));
        outcomes.add(attempt(() -> data.mutateRow(RowMutations.of(List.of(
            new Put(ROW).addColumn(F, Q, Bytes.toBytes("m")), new Delete(ROW).addColumns(G, Q))))));
      }
      try (ResultScanner rows = connection.getTable(table).getScanner(new Scan())) {
        for (Result row : rows) {
          outcomes.add(cells(row));
        }
      }
      return String.join("\n", outcomes);
    }), "AccessDeniedException");
  }

  @Test
  void groupsSuperusersAndOwners() {
    checked(SERVERS.same((connection, admin, table) -> {
      tableWithARow(connection, admin, table);
      List<String> outcomes = new ArrayList<>();
      Connection carol = SERVERS.as(connection, "carol");
      try (Table data = carol.getTable(table)) {
        String before = attempt(() -> cells(data.get(new Get(ROW))));
        acl(() -> AccessControlClient.grant(connection, table, "@readers", null, null, Action.READ));
        outcomes.add(before + " -> " + settled(() -> cells(data.get(new Get(ROW))), before));
      }
      // sam is in the superuser group: no grant needed, and nobody else may change his.
      Connection sam = SERVERS.as(connection, "sam");
      TableName samTable = TableName.valueOf(table.getNameAsString() + "_sam");
      outcomes.add(attempt(() -> {
        sam.getAdmin().createTable(TableDescriptorBuilder.newBuilder(samTable)
            .setColumnFamily(ColumnFamilyDescriptorBuilder.of(F)).build());
        return "created";
      }));
      outcomes.add(attempt(() -> AccessControlClient.getUserPermissions(connection, samTable.getNameAsString())));
      String namespace = table.getNameAsString() + "_ns";
      admin.createNamespace(NamespaceDescriptor.create(namespace).build());
      Connection bob = SERVERS.as(connection, "bob");
      TableName bobTable = TableName.valueOf(namespace, "owned");
      outcomes.add(attempt(() -> AccessControlClient.grant(bob, samTable, "sam", null, null, Action.READ)));
      String refused = attempt(() -> AccessControlClient.grant(bob, namespace, "sam", Action.READ));
      acl(() -> AccessControlClient.grant(connection, namespace, "bob", Action.ADMIN, Action.CREATE));
      outcomes.add(refused + " -> " + settled(() -> AccessControlClient.grant(bob, namespace, "sam", Action.READ),
          refused));
      // A table's creator owns it: every action on it, listed, and gone with the table.
      outcomes.add(attempt(() -> {
        bob.getAdmin().createTable(TableDescriptorBuilder.newBuilder(bobTable)
            .setColumnFamily(ColumnFamilyDescriptorBuilder.of(F)).build());
        return "created";
      }));
      outcomes.add(attempt(() -> AccessControlClient.getUserPermissions(connection, bobTable.getNameAsString())));
      outcomes.add(attempt(() -> AccessControlClient.getUserPermissions(connection, "@" + namespace)));
      outcomes.add(attempt(() -> {
        try (Table data = bob.getTable(bobTable)) {
          data.put(new Put(ROW).addColumn(F, Q, Bytes.toBytes("mine")));
          return cells(data.get(new Get(ROW)));
        }
      }));
      outcomes.add(attempt(() -> {
        bob.getAdmin().disableTable(bobTable);
        bob.getAdmin().deleteTable(bobTable);
        return "deleted";
      }));
      admin.createTable(TableDescriptorBuilder.newBuilder(bobTable)
          .setColumnFamily(ColumnFamilyDescriptorBuilder.of(F)).build());
      outcomes.add(attempt(() -> AccessControlClient.getUserPermissions(connection, bobTable.getNameAsString())));
      return String.join("\n", outcomes);
    }), "AccessDeniedException");
  }

  @Test
  void capabilitiesAndSnapshotOwners() {
    checked(SERVERS.same((connection, admin, table) -> new TreeSet<>(admin.getSecurityCapabilities()) + " "
        + AccessControlClient.isAuthorizationEnabled(connection) + " "
        + AccessControlClient.isCellAuthorizationEnabled(connection) + " "
        + AccessControlClient.isAccessControllerRunning(connection)), "AUTHORIZATION");
    SERVERS.same((connection, admin, table) -> {
      tableWithARow(connection, admin, table);
      List<String> outcomes = new ArrayList<>();
      Connection bob = SERVERS.as(connection, "bob");
      String snapshot = table.getNameAsString() + "_snap";
      String refused = attempt(() -> bob.getAdmin().snapshot(snapshot, table));
      acl(() -> AccessControlClient.grant(connection, table, "bob", null, null, Action.ADMIN));
      outcomes.add(refused + " -> " + settled(() -> bob.getAdmin().snapshot(snapshot, table), refused));
      admin.snapshot(snapshot + "_admin", table);
      outcomes.add(attempt(() -> snapshotNames(bob.getAdmin(), table)));
      outcomes.add(attempt(() -> snapshotNames(SERVERS.as(connection, "dave").getAdmin(), table)));
      outcomes.add(attempt(() -> {
        bob.getAdmin().deleteSnapshot(snapshot + "_admin");
        return "deleted";
      }));
      outcomes.add(attempt(() -> {
        bob.getAdmin().cloneSnapshot(snapshot, TableName.valueOf(table.getNameAsString() + "_clone"));
        return "cloned";
      }));
      outcomes.add(attempt(() -> {
        bob.getAdmin().deleteSnapshot(snapshot);
        return "deleted";
      }));
      outcomes.add(snapshotNames(admin, table));
      return String.join("\n", outcomes);
    });
  }

  /**
   * Fails unless both servers answered with {@code sign} somewhere: a pair that checked no permissions would agree
   * too, every refusal missing from both.
   */
  private static void checked(String outcome, String sign) {
    if (!outcome.contains(sign)) {
      throw new AssertionError("no " + sign + " in what both servers answered: are permissions checked?\n" + outcome);
    }
  }

  private static void tableWithARow(Connection connection, Admin admin, TableName table) throws Exception {
    TableDescriptor descriptor = TableDescriptorBuilder.newBuilder(table)
        .setColumnFamily(ColumnFamilyDescriptorBuilder.of(F)).setColumnFamily(ColumnFamilyDescriptorBuilder.of(G))
        .build();
    admin.createTable(descriptor);
    try (Table data = connection.getTable(table)) {
      data.put(new Put(ROW).addColumn(F, Q, Bytes.toBytes("v")).addColumn(G, Q, Bytes.toBytes("w")));
    }
  }

  private interface Call {
    Object run() throws Throwable;
  }

  /** A call of AccessControlClient, which declares Throwable. */
  private static void acl(Step step) throws Exception {
    try {
      step.run();
    } catch (Exception e) {
      throw e;
    } catch (Throwable t) {
      throw new Exception(t);
    }
  }

  private interface Step {
    void run() throws Throwable;
  }

  private static String attempt(Step step) {
    return attempt(() -> {
      step.run();
      return "done";
    });
  }

  private static String settled(Step step, String before) {
    return settled(() -> {
      step.run();
      return "done";
    }, before);
  }

  /** What a call answered, or what it threw (class and first line of each cause). */
  private static String attempt(Call call) {
    try {
      Object answer = call.run();
      return "ok " + (answer instanceof TableDescriptor descriptor ? descriptor.getTableName() : answer);
    } catch (Throwable t) {
      return BasaltAndHBase.failure(t);
    }
  }

  /**
   * Waits (a bounded while) for a call's outcome to differ from {@code before}, after a grant or revoke HBase
   * applies a moment after answering; its outcome then, or {@code before} if it never changed.
   */
  private static String settled(Call call, String before) {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(SETTLE_MILLIS);
    while (true) {
      String outcome = attempt(call);
      if (!outcome.equals(before) || System.nanoTime() > deadline) {
        return outcome;
      }
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(50));
    }
  }

  /** Each action's outcome: its result, or its exception's class and first line (server names left out). */
  private static String batch(Table data, List<Row> actions) throws Exception {
    Object[] results = new Object[actions.size()];
    try {
      data.batch(actions, results);
    } catch (RetriesExhaustedWithDetailsException actionsFailed) {
      // Each action's own outcome is in its slot; the summary names servers, which differ.
    }
    List<String> outcomes = new ArrayList<>();
    for (Object result : results) {
      outcomes.add(result instanceof Throwable t ? BasaltAndHBase.failure(t)
          : result instanceof Result row ? cells(row) : String.valueOf(result));
    }
    return "batch " + outcomes;
  }

  private static String firstRow(Table data, Scan scan) throws Exception {
    try (ResultScanner scanner = data.getScanner(scan)) {
      Result row = scanner.next();
      return row == null ? "none" : cells(row);
    }
  }

  private static String cells(Result row) {
    StringBuilder text = new StringBuilder("{");
    for (var cell : row.rawCells()) {
      text.append(Bytes.toString(cell.getFamilyArray(), cell.getFamilyOffset(), cell.getFamilyLength())).append(':')
          .append(Bytes.toString(cell.getQualifierArray(), cell.getQualifierOffset(), cell.getQualifierLength()))
          .append('=')
          .append(Bytes.toString(cell.getValueArray(), cell.getValueOffset(), cell.getValueLength())).append(' ');
    }
    return text.append('}').toString();
  }

  private static String snapshotNames(Admin admin, TableName table) throws Exception {
    List<String> names = new ArrayList<>();
    for (SnapshotDescription snapshot : admin.listSnapshots()) {
      if (snapshot.getTableName().equals(table)) {
        names.add(snapshot.getName() + "/" + snapshot.getOwner());
      }
    }
    return names.toString();
  }
}
