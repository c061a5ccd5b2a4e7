package io.basalt.hbase.rpc;

import io.basalt.hbase.security.CallPermissions;
import io.basalt.hbase.security.RequestUser;
import io.basalt.storage.data.Waiting;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellScanner;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hbase.thirdparty.com.google.protobuf.Message;

/**
 * What a handler knows about the call besides its request message: the cells that arrived in the request's cell
 * block, a place to put cells for the response's cell block, the scanner quota of the connection the call came on,
 * and whether the handler may wait. Cell blocks are only used when the client declared a codec in its connection
 * header.
 *
 * <p>A call may run twice: first refusing to wait, then, if it would have waited, again allowed to (see {@link
 * ServiceBinding.Method#tryWithoutWaiting}). Each run reads the request cells from the start and starts with an
 * empty response cell block.
 */
public final class CallContext {
  private final List<Cell> requestCells;
  private final boolean cellBlocksSupported;
  private final RequestUser user;
  private final String remoteAddress;
  private final int timeoutMillis;
  private final ScannerQuota scannerQuota;
  private Waiting waiting = Waiting.ALLOWED;
  private CellScanner requestCellScanner;
  private List<Cell> responseCells;
  private CallPermissions permissions = CallPermissions.UNCHECKED;
  private boolean admitted;

  /** A call on no particular connection: its scanners count against no quota. */
  public CallContext(List<Cell> requestCells, boolean cellBlocksSupported, RequestUser user, int timeoutMillis) {
    this(requestCells, cellBlocksSupported, user, timeoutMillis, ScannerQuota.unlimited());
  }

  /** A call from no particular address. */
  public CallContext(List<Cell> requestCells, boolean cellBlocksSupported, RequestUser user, int timeoutMillis,
      ScannerQuota scannerQuota) {
    this(requestCells, cellBlocksSupported, user, "", timeoutMillis, scannerQuota);
  }

  /**
   * @param requestCells the cells of the request's cell block, in order; null when it carried none
   * @param remoteAddress where the call's connection comes from, for the audit log
   * @param timeoutMillis how long the client waits for this call (0: no limit given)
   * @param scannerQuota the open scanners of the connection the call arrived on
   */
  public CallContext(List<Cell> requestCells, boolean cellBlocksSupported, RequestUser user, String remoteAddress,
      int timeoutMillis, ScannerQuota scannerQuota) {
    this.requestCells = requestCells;
    this.cellBlocksSupported = cellBlocksSupported;
    this.user = user;
    this.remoteAddress = remoteAddress;
    this.timeoutMillis = timeoutMillis;
    this.scannerQuota = scannerQuota;
    this.requestCellScanner = requestCells == null ? null : CellUtil.createCellScanner(requestCells);
  }

  /** Starts a run of the call's handler: the request cells from their start, no response cells yet. */
  void beginRun(Waiting runWaiting) {
    this.waiting = runWaiting;
    this.requestCellScanner = requestCells == null ? null : CellUtil.createCellScanner(requestCells);
    this.responseCells = null;
  }

  /**
   * Whether this run of the call may wait. Handlers pass it to every region operation they make; with {@link
   * Waiting#REFUSED} an operation that would wait throws {@link io.basalt.storage.errors.WouldBlockException}
   * before it has changed anything.
   */
  public Waiting waiting() {
    return waiting;
  }

  /** Cells of the request's cell block, in order, shared by every action of the call; null when there were none. */
  public CellScanner requestCells() {
    return requestCellScanner;
  }

  /** Whether results may travel in a response cell block (the client named a codec). */
  public boolean cellBlocksSupported() {
    return cellBlocksSupported;
  }

  /** Who the call runs as (with simple authentication, whoever the client said it is). */
  public RequestUser user() {
    return user;
  }

  /** Where the call's connection comes from (host:port), empty when from nowhere in particular. */
  public String remoteAddress() {
    return remoteAddress;
  }

  /**
   * The call's permission checks, for the decisions its handler makes itself (which cells a read may see, which
   * tables a listing shows); {@link CallPermissions#UNCHECKED} when authorization is off.
   */
  public CallPermissions permissions() {
    return permissions;
  }

  /** Lets the guard decide the call, once however many times it runs, and keeps the checks it made. */
  void admit(CallGuard guard, String method, Message request) throws IOException {
    if (!admitted) {
      permissions = guard.admit(method, this, request);
      admitted = true;
    }
  }

  /** How long the client waits for this call, in milliseconds; 0 when it gave no limit. */
  public int timeoutMillis() {
    return timeoutMillis;
  }

  /** The connection's scanner quota: a scanner opened by this call takes one until it closes. */
  public ScannerQuota scannerQuota() {
    return scannerQuota;
  }

  /** Appends cells to the response cell block; the response message says which result they belong to. */
  public void addResponseCells(List<? extends Cell> cells) {
    if (!cellBlocksSupported) {
      throw new IllegalStateException("the client did not declare a cell block codec");
    }
    if (responseCells == null) {
      responseCells = new ArrayList<>();
    }
    responseCells.addAll(cells);
  }

  /** How many cells the response cell block holds so far. */
  public int responseCellCount() {
    return responseCells == null ? 0 : responseCells.size();
  }

  /** Drops cells added after the block held {@code count}, when the results they belonged to were abandoned. */
  public void truncateResponseCells(int count) {
    if (responseCells != null && responseCells.size() > count) {
      responseCells.subList(count, responseCells.size()).clear();
    }
  }

  public List<Cell> responseCells() {
    return responseCells == null ? Collections.emptyList() : responseCells;
  }
}
