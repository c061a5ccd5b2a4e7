package io.basalt.hbase.scan;

import io.basalt.hbase.metrics.RequestMetrics;
import io.basalt.hbase.rpc.CallContext;
import io.basalt.hbase.rpc.ScannerQuota;
import io.basalt.hbase.rpc.ServiceBinding;
import io.basalt.hbase.security.AccessControl;
import io.basalt.hbase.security.Audit;
import io.basalt.hbase.security.Authorization;
import io.basalt.hbase.security.RequestUser;
import io.basalt.hbase.testing.MemoryGrants;
import io.basalt.hbase.testing.ServedTables;
import io.basalt.storage.data.Waiting;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.security.AccessDeniedException;
import org.apache.hadoop.hbase.security.access.Permission;
import org.apache.hadoop.hbase.security.access.UserPermission;
import org.apache.hadoop.hbase.shaded.protobuf.RequestConverter;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.ScanRequest;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.ScanResponse;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Scans with permissions checked, through the guarded Scan method as the server binds it: a scanner is used only by
 * its opener (or a superuser), as HBase's region server checks; a scan allowed on one family shows that family's
 * cells; and such a scan, left open, stops showing a column the moment READ on it is revoked.
 */
class ScanPermissionsTest {
  private static final TableName TABLE = TableName.valueOf("t");
  private static final byte[] F = toBytes("f");
  private static final byte[] G = toBytes("g");
  private static final RequestUser ADMIN = RequestUser.simple("admin");
  private static final RequestUser BOB = RequestUser.simple("bob");
  private static final RequestUser EVE = RequestUser.simple("eve");

  @TempDir
  Path directory;

  private ServedTables tables;
  private ScannerRegistry registry;
  private AccessControl grants;
  private ServiceBinding.Method<?> scan;
  private byte[] region;

  @BeforeEach
  void setUp() throws IOException {
    tables = ServedTables.open(directory);
    tables.create(TABLE, List.of(), F, G);
    for (int i = 0; i < 4; i++) {
      tables.region(TABLE, 0).mutate(new Put(toBytes("r" + i)).addColumn(F, F, toBytes("f" + i))
          .addColumn(G, G, toBytes("g" + i)), 0, 0, Waiting.ALLOWED);
    }
    grants = new AccessControl(new MemoryGrants(), List.of("admin"), Set.of(), user -> List.of());
    Authorization authorization = new Authorization(grants, Audit.NONE);
    registry = new ScannerRegistry(tables.clock(), 60_000);
    ScanHandler handler = new ScanHandler(tables.resolver(), registry, 100L << 20, new RequestMetrics(10_000));
    scan = ServiceBinding.of(ClientProtos.ClientService.getDescriptor())
        .on("Scan", ScanRequest.getDefaultInstance(), handler::scan).build()
        .guardedBy((method, call, request) -> authorization.forCall(call.user(), "", method))
        .servedMethod("Scan").orElseThrow();
    region = tables.regionName(TABLE, 0);
  }

  @AfterEach
  void tearDown() {
    registry.close();
    tables.close();
  }

  @Test
  void aScannerIsItsOpenersOrASuperusers() throws IOException {
    grants.grant(ADMIN, new UserPermission("bob", Permission.newBuilder(TABLE)
        .withActions(Permission.Action.READ).build()), true);
    ScanResponse opened = call(BOB, RequestConverter.buildScanRequest(region, new Scan(), 1, false));
    long id = opened.getScannerId();
    AccessDeniedException refused = assertThrows(AccessDeniedException.class,
        () -> call(EVE, RequestConverter.buildScanRequest(id, 1, false, false)));
    assertEquals("User 'eve' is not the scanner owner!", refused.getMessage());
    assertEquals(2, call(ADMIN, RequestConverter.buildScanRequest(id, 1, false, false)).getCellsPerResult(0));
    assertEquals(2, call(BOB, RequestConverter.buildScanRequest(id, 1, false, false)).getCellsPerResult(0));
  }

  @Test
  void aFamilyGrantShowsItsFamilyAndARevokeHidesItFromAnOpenScan() throws IOException {
    grants.grant(ADMIN, new UserPermission("bob", Permission.newBuilder(TABLE).withFamily(F)
        .withActions(Permission.Action.READ).build()), true);
    // Readable in part: the scan runs with its cells checked one by one.
    List<Cell> first = new ArrayList<>();
    ScanResponse opened = call(BOB, RequestConverter.buildScanRequest(region, new Scan(), 1, false), first);
    assertEquals(List.of("f"), families(first));
    grants.grant(ADMIN, new UserPermission("bob", Permission.newBuilder(TABLE).withFamily(G)
        .withActions(Permission.Action.READ).build()), true);
    List<Cell> second = new ArrayList<>();
    call(BOB, RequestConverter.buildScanRequest(opened.getScannerId(), 1, false, false), second);
    assertEquals(List.of("f", "g"), families(second), "a grant shows at the next cell");
    grants.revoke(ADMIN, new UserPermission("bob", Permission.newBuilder(TABLE).withFamily(F).build()));
    List<Cell> third = new ArrayList<>();
    call(BOB, RequestConverter.buildScanRequest(opened.getScannerId(), 1, false, false), third);
    assertEquals(List.of("g"), families(third), "a revoke hides the column from the open scan");
  }

  private ScanResponse call(RequestUser user, ScanRequest request) throws IOException {
    return call(user, request, new ArrayList<>());
  }

  private ScanResponse call(RequestUser user, ScanRequest request, List<Cell> cells) throws IOException {
    CallContext context = new CallContext(null, true, user, 0, ScannerQuota.unlimited());
    ScanResponse response = (ScanResponse) scan.invoke(context, request);
    cells.addAll(context.responseCells());
    return response;
  }

  private static List<String> families(List<Cell> cells) {
    List<String> families = new ArrayList<>();
    for (Cell cell : cells) {
      families.add(new String(CellUtil.cloneFamily(cell)));
    }
    return families;
  }
}
