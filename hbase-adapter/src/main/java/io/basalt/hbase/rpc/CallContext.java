package io.basalt.hbase.rpc;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import io.basalt.hbase.scanner.ScannerQuota;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellScanner;

/**
 * What a handler knows about the call besides its request message: the cells that arrived in the request's cell
 * block, a place to put cells for the response's cell block, and the scanner quota of the connection the call came
 * on. Cell blocks are only used when the client declared a codec in its connection header.
 */
public final class CallContext {
  private final CellScanner requestCells;
  private final boolean cellBlocksSupported;
  private final String user;
  private final int timeoutMillis;
  private final ScannerQuota scannerQuota;
  private List<Cell> responseCells;

  /** A call on no particular connection: its scanners count against no quota. */
  public CallContext(CellScanner requestCells, boolean cellBlocksSupported, String user, int timeoutMillis) {
    this(requestCells, cellBlocksSupported, user, timeoutMillis, ScannerQuota.unlimited());
  }

  /**
   * @param timeoutMillis how long the client waits for this call (0: no limit given)
   * @param scannerQuota the open scanners of the connection the call arrived on
   */
  public CallContext(CellScanner requestCells, boolean cellBlocksSupported, String user, int timeoutMillis,
      ScannerQuota scannerQuota) {
    this.requestCells = requestCells;
    this.cellBlocksSupported = cellBlocksSupported;
    this.user = user;
    this.timeoutMillis = timeoutMillis;
    this.scannerQuota = scannerQuota;
  }

  /** Cells of the request's cell block, in order; null when the request carried none. */
  public CellScanner requestCells() {
    return requestCells;
  }

  /** Whether results may travel in a response cell block (the client named a codec). */
  public boolean cellBlocksSupported() {
    return cellBlocksSupported;
  }

  /** The user the client says it is (SIMPLE authentication trusts it). */
  public String user() {
    return user;
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
