package io.basalt.hbase.service;

import static org.apache.hadoop.hbase.security.access.Permission.Action.ADMIN;
import static org.apache.hadoop.hbase.security.access.Permission.Action.CREATE;
import static org.apache.hadoop.hbase.security.access.Permission.Action.WRITE;

import io.basalt.hbase.region.RegionResolver;
import io.basalt.hbase.rpc.CallContext;
import io.basalt.hbase.rpc.CallGuard;
import io.basalt.hbase.security.Authorization;
import io.basalt.hbase.security.CallPermissions;
import io.basalt.hbase.security.PermissionTable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.security.AccessDeniedException;
import org.apache.hadoop.hbase.shaded.protobuf.ProtobufUtil;
import org.apache.hadoop.hbase.shaded.protobuf.generated.AdminProtos;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos;
import org.apache.hadoop.hbase.shaded.protobuf.generated.HBaseProtos;
import org.apache.hadoop.hbase.shaded.protobuf.generated.MasterProtos;
import org.apache.hbase.thirdparty.com.google.protobuf.Message;

/**
 * Which permission each RPC needs, decided before its handler runs, as HBase 2.6.4's AccessController decides it
 * (the hook each method reaches, the action it asks for and at which scope). Methods whose decision depends on what
 * the handler finds (the data path, and listings that leave out what the caller may not see) are admitted here and
 * decided by their handlers through {@link CallContext#permissions()}. A served method with no rule here is refused
 * to everyone but global admins, so a method added later is closed until someone decides what it needs (a test
 * checks every served method has a rule).
 */
final class AccessRules implements CallGuard {
  /** A method's check. */
  private interface Rule {
    void check(CallPermissions permissions, Message request) throws IOException;
  }

  /** Nothing is needed: status questions, and what HBase leaves unchecked. */
  private static final Rule NONE = (permissions, request) -> { };
  /** Decided by the handler, from what it finds. */
  private static final Rule IN_HANDLER = (permissions, request) -> { };
  private static final Rule GLOBAL_ADMIN = (permissions, request) -> permissions.requireGlobal(ADMIN);

  private final Authorization authorization;
  private final RegionResolver regions;
  private final Map<String, Rule> rules = new HashMap<>();

  AccessRules(Authorization authorization, RegionResolver regions) {
    this.authorization = authorization;
    this.regions = regions;
    clientService();
    adminService();
    masterTables();
    masterCluster();
    masterSnapshotsAndProcedures();
    none("ClientMetaService", "GetClusterId", "GetActiveMaster", "GetMasters", "GetMetaRegionLocations",
        "GetBootstrapNodes");
    global("HbckService", "BypassProcedure", "ScheduleSCPsForUnknownServers", "RunHbckChore", "FixMeta");
  }

  @Override
  public CallPermissions admit(String method, CallContext call, Message request) throws IOException {
    CallPermissions permissions = authorization.forCall(call.user(), call.remoteAddress(), method);
    rules.getOrDefault(method, GLOBAL_ADMIN).check(permissions, request);
    return permissions;
  }

  /** The methods with a rule, {@code Service.Method}: every served method must be among them. */
  Set<String> methodsWithRules() {
    return Set.copyOf(rules.keySet());
  }

  private void clientService() {
    // Reads and writes are decided on the cells they touch; AuthenticationService (the one endpoint) is open to
    // all, as HBase leaves endpoints unchecked unless hbase.security.exec.permission.checks is set.
    handler("ClientService", "Get", "Mutate", "Scan", "Multi");
    none("ClientService", "ExecService");
    // A bulk load is a table's creator's or admin's: on the table to begin and end one, on each family loaded.
    rule("ClientService.PrepareBulkLoad", ClientProtos.PrepareBulkLoadRequest.class,
        (permissions, request) -> permissions.requireTable(tableOf(request.getRegion()), ADMIN, CREATE));
    rule("ClientService.CleanupBulkLoad", ClientProtos.CleanupBulkLoadRequest.class,
        (permissions, request) -> permissions.requireTable(tableOf(request.getRegion()), ADMIN, CREATE));
    rule("ClientService.BulkLoadHFile", ClientProtos.BulkLoadHFileRequest.class, (permissions, request) -> {
      TableName table = tableOf(request.getRegion());
      for (ClientProtos.BulkLoadHFileRequest.FamilyPath file : request.getFamilyPathList()) {
        permissions.requireColumn(table, file.getFamily().toByteArray(), null, ADMIN, CREATE);
      }
    });
  }

  private void adminService() {
    none("AdminService", "GetServerInfo", "GetOnlineRegion", "GetRegionInfo", "GetRegionLoad");
    global("AdminService", "CompactionSwitch", "ClearSlowLogsResponses");
    // A replication source writes as the cluster's own user; HBase asks for WRITE over everything.
    rule("AdminService.ReplicateWALEntry", AdminProtos.ReplicateWALEntryRequest.class,
        (permissions, request) -> permissions.requireGlobal(WRITE));
    // Reading the slow log needs nothing in HBase; emptying it is an admin's (its rpcPreCheck).
    none("AdminService", "GetLogEntries", "GetSlowLogResponses", "GetLargeLogResponses");
    // HBase checks a compaction in the compaction thread, so a refused one answers success and fails in the
    // server log; Basalt refuses it to the caller.
    rule("AdminService.FlushRegion", AdminProtos.FlushRegionRequest.class,
        (permissions, request) -> permissions.requireTable(tableOf(request.getRegion()), ADMIN, CREATE));
    rule("AdminService.CompactRegion", AdminProtos.CompactRegionRequest.class,
        (permissions, request) -> permissions.requireTable(tableOf(request.getRegion()), ADMIN, CREATE));
  }

  private void masterTables() {
    rule("MasterService.CreateTable", MasterProtos.CreateTableRequest.class, (permissions, request) -> {
      TableDescriptor table = ProtobufUtil.toTableDescriptor(request.getTableSchema());
      List<String> families = new ArrayList<>();
      for (ColumnFamilyDescriptor family : table.getColumnFamilies()) {
        families.add(family.getNameAsString());
      }
      permissions.requireNamespaceFor(table.getTableName(), families, ADMIN, CREATE);
    });
    tableRule("DeleteTable", MasterProtos.DeleteTableRequest.class, MasterProtos.DeleteTableRequest::getTableName);
    tableRule("truncateTable", MasterProtos.TruncateTableRequest.class,
        MasterProtos.TruncateTableRequest::getTableName);
    tableRule("EnableTable", MasterProtos.EnableTableRequest.class, MasterProtos.EnableTableRequest::getTableName);
    rule("MasterService.DisableTable", MasterProtos.DisableTableRequest.class, (permissions, request) -> {
      TableName table = ProtobufUtil.toTableName(request.getTableName());
      if (table.equals(PermissionTable.ACL_TABLE)) {
        throw new AccessDeniedException("Not allowed to disable " + PermissionTable.ACL_TABLE
            + " table with AccessController installed");
      }
      permissions.requireTable(table, ADMIN, CREATE);
    });
    rule("MasterService.ModifyTable", MasterProtos.ModifyTableRequest.class, (permissions, request) ->
        permissions.requireTable(ProtobufUtil.toTableName(request.getTableName()), ADMIN, CREATE));
    tableRule("AddColumn", MasterProtos.AddColumnRequest.class, MasterProtos.AddColumnRequest::getTableName);
    tableRule("ModifyColumn", MasterProtos.ModifyColumnRequest.class, MasterProtos.ModifyColumnRequest::getTableName);
    tableRule("DeleteColumn", MasterProtos.DeleteColumnRequest.class, MasterProtos.DeleteColumnRequest::getTableName);
    tableRule("FlushTable", MasterProtos.FlushTableRequest.class, MasterProtos.FlushTableRequest::getTableName);
    tableRule("ModifyTableStoreFileTracker", MasterProtos.ModifyTableStoreFileTrackerRequest.class,
        MasterProtos.ModifyTableStoreFileTrackerRequest::getTableName);
    rule("MasterService.ModifyColumnStoreFileTracker", MasterProtos.ModifyColumnStoreFileTrackerRequest.class,
        (permissions, request) -> permissions.requireColumn(ProtobufUtil.toTableName(request.getTableName()),
            request.getFamily().toByteArray(), null, ADMIN, CREATE));
    rule("MasterService.SplitRegion", MasterProtos.SplitTableRegionRequest.class, (permissions, request) ->
        permissions.requireTable(ProtobufUtil.toRegionInfo(request.getRegionInfo()).getTable(), ADMIN));
    rule("MasterService.MergeTableRegions", MasterProtos.MergeTableRegionsRequest.class, (permissions, request) -> {
      if (request.getRegionCount() > 0) {
        permissions.requireTable(tableOf(request.getRegion(0)), ADMIN);
      }
    });
    // HBase 2.6 checks nothing here (its AccessController has no hook for it); emptying a region of a table is a
    // change of the table, so Basalt asks what the table's other changes ask.
    rule("MasterService.TruncateRegion", MasterProtos.TruncateRegionRequest.class, (permissions, request) ->
        permissions.requireTable(ProtobufUtil.toRegionInfo(request.getRegionInfo()).getTable(), ADMIN, CREATE));
    rule("MasterService.GetNamespaceDescriptor", MasterProtos.GetNamespaceDescriptorRequest.class,
        (permissions, request) -> permissions.requireNamespace(request.getNamespaceName(), ADMIN));
    global("MasterService", "CreateNamespace", "ModifyNamespace", "DeleteNamespace");
    // Listings show only what the caller may see; the permission RPCs check their own scopes.
    handler("MasterService", "GetTableDescriptors", "ListTableDescriptorsByState", "GetTableNames",
        "ListTableNamesByState", "ListNamespaceDescriptors", "ListTableDescriptorsByNamespace",
        "ListTableNamesByNamespace", "Grant", "Revoke", "GetUserPermissions", "HasUserPermissions");
    none("MasterService", "GetLogEntries", "GetTableState", "GetSchemaAlterStatus", "ListNamespaces",
        "getLastMajorCompactionTimestamp",
        "getLastMajorCompactionTimestampForRegion", "getSecurityCapabilities");
  }

  private void masterCluster() {
    none("MasterService", "GetClusterStatus", "IsMasterRunning", "IsMasterInMaintenanceMode", "IsBalancerEnabled",
        "IsSplitOrMergeEnabled", "IsNormalizerEnabled", "IsCatalogJanitorEnabled", "IsCleanerChoreEnabled",
        "IsSnapshotCleanupEnabled");
    // A balancer switch refused changes nothing but is answered as if made, as HBase's master answers it.
    handler("MasterService", "SetBalancerRunning");
    global("MasterService", "Balance", "SetSplitOrMergeEnabled", "Normalize",
        "SetNormalizerRunning", "RunCatalogScan", "EnableCatalogJanitor", "RunCleanerChore",
        "SetCleanerChoreRunning", "ClearDeadServers", "GetProcedures", "GetLocks");
    // HBase 2.6 checks nothing here (its AccessController has no hook for it); turning off the deletion of expired
    // snapshots is a change of the whole cluster, so Basalt asks what the cluster's other switches ask.
    global("MasterService", "SwitchSnapshotCleanup");
  }

  private void masterSnapshotsAndProcedures() {
    rule("MasterService.Snapshot", MasterProtos.SnapshotRequest.class, (permissions, request) -> {
      TableName table = legalName(request.getSnapshot().getTable());
      if (table != null) { // a snapshot of no table, or of a name no table can have, is refused by its handler
        permissions.requireTable(table, ADMIN);
      }
    });
    // Deleting, restoring and cloning depend on who owns the snapshot; listings show one's own.
    handler("MasterService", "GetCompletedSnapshots", "DeleteSnapshot", "RestoreSnapshot");
    none("MasterService", "IsSnapshotDone", "IsProcedureDone", "getProcedureResult");
    // A flush by procedure (the 2.6 client's fallback) is checked as the flush it is; the variant with a return
    // value also needs global ADMIN, as HBase's master asks before running any. Other procedures are refused by
    // the handler, which runs no other.
    rule("MasterService.ExecProcedure", MasterProtos.ExecProcedureRequest.class,
        (permissions, request) -> requireFlushProcedure(permissions, request));
    rule("MasterService.ExecProcedureWithRet", MasterProtos.ExecProcedureRequest.class, (permissions, request) -> {
      permissions.requireGlobal(ADMIN);
      requireFlushProcedure(permissions, request);
    });
  }

  private static void requireFlushProcedure(CallPermissions permissions, MasterProtos.ExecProcedureRequest request)
      throws AccessDeniedException {
    TableName table = legalName(request.getProcedure().getInstance());
    if (ProcedureHandlers.FLUSH_TABLE.equals(request.getProcedure().getSignature()) && table != null) {
      permissions.requireTable(table, ADMIN, CREATE);
    }
  }

  /** The table of that name, or null for a name no table can have. */
  private static TableName legalName(String name) {
    try {
      return name.isEmpty() ? null : TableName.valueOf(name);
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  private TableName tableOf(HBaseProtos.RegionSpecifier region) throws IOException {
    return regions.resolve(region).info().getTable();
  }

  private interface TableNameOf<Q> {
    HBaseProtos.TableName of(Q request);
  }

  /** A MasterService method needing ADMIN or CREATE on the table it names. */
  private <Q extends Message> void tableRule(String method, Class<Q> type, TableNameOf<Q> table) {
    rule("MasterService." + method, type, (permissions, request) ->
        permissions.requireTable(ProtobufUtil.toTableName(table.of(request)), ADMIN, CREATE));
  }

  private interface TypedRule<Q> {
    void check(CallPermissions permissions, Q request) throws IOException;
  }

  private <Q extends Message> void rule(String method, Class<Q> type, TypedRule<Q> rule) {
    put(method, (permissions, request) -> rule.check(permissions, type.cast(request)));
  }

  private void none(String service, String... methods) {
    for (String method : methods) {
      put(service + "." + method, NONE);
    }
  }

  private void global(String service, String... methods) {
    for (String method : methods) {
      put(service + "." + method, GLOBAL_ADMIN);
    }
  }

  private void handler(String service, String... methods) {
    for (String method : methods) {
      put(service + "." + method, IN_HANDLER);
    }
  }

  private void put(String method, Rule rule) {
    if (rules.put(method, rule) != null) {
      throw new IllegalStateException("two rules for " + method);
    }
  }
}
