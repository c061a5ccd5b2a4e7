package io.basalt.conformance.harness;

/**
 * The rows of the client compatibility table: what a conformance test proves a client can do against Basalt. The
 * order here is the order of the rows in docs/compatibility.md.
 */
public enum ClientFeature {
  CONNECT("connect through the registry"),
  DDL("DDL: create (pre-split), alter, truncate, disable, enable, delete"),
  PUT("put"),
  GET("get"),
  DELETE("delete"),
  SCAN("scan"),
  FILTERS("scan and get with filters"),
  INCREMENT("increment"),
  APPEND("append"),
  CHECK_AND_MUTATE("check-and-mutate"),
  BATCH("batch"),
  SPLIT_AWARE_SCAN("scans across regions and splits"),
  BAD_INPUT("errors for bad input"),
  TABLE_API("`Table`"),
  ASYNC_TABLE_API("`AsyncTable`"),
  ADVANCED_SCAN_CONSUMER("`AsyncTable.scan` with `AdvancedScanResultConsumer`"),
  BUFFERED_MUTATOR_API("`BufferedMutator`"),
  ADMIN_API("`Admin`"),
  ASYNC_ADMIN_API("`AsyncAdmin`"),
  ASYNCHBASE_API("`HBaseClient` (asynchbase)");

  private final String label;

  ClientFeature(String label) {
    this.label = label;
  }

  /** How the feature is named in the compatibility table. */
  public String label() {
    return label;
  }
}
