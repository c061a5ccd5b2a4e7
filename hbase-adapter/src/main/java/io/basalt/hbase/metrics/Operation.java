package io.basalt.hbase.metrics;

/**
 * The operations HBase times, with the names of their histograms on the region server's bean and on a table's
 * request bean (which adds {@code Time}, except to the two scan histograms), and the name of the count of those
 * slower than a second, for the operations HBase counts so.
 */
enum Operation {
  GET("Get", "GetTime", "slowGetCount"),
  PUT("Put", "PutTime", "slowPutCount"),
  PUT_BATCH("PutBatch", "PutBatchTime", null),
  DELETE("Delete", "DeleteTime", "slowDeleteCount"),
  DELETE_BATCH("DeleteBatch", "DeleteBatchTime", null),
  INCREMENT("Increment", "IncrementTime", "slowIncrementCount"),
  APPEND("Append", "AppendTime", "slowAppendCount"),
  CHECK_AND_PUT("CheckAndPut", "CheckAndPutTime", null),
  CHECK_AND_DELETE("CheckAndDelete", "CheckAndDeleteTime", null),
  CHECK_AND_MUTATE("CheckAndMutate", "CheckAndMutateTime", null),
  SCAN_TIME("ScanTime", "ScanTime", null),
  /** Not a time: the bytes of the cells a scan call returned. */
  SCAN_SIZE("ScanSize", "ScanSize", null);

  final String serverName;
  final String tableName;
  /** The name of the count of operations slower than a second, or null where HBase keeps none. */
  final String slowCountName;

  Operation(String serverName, String tableName, String slowCountName) {
    this.serverName = serverName;
    this.tableName = tableName;
    this.slowCountName = slowCountName;
  }

  /** The ranges HBase's region server publishes for it (a table's request bean publishes none). */
  OperationHistogram.Ranges ranges() {
    return this == SCAN_SIZE ? OperationHistogram.Ranges.SIZE : OperationHistogram.Ranges.TIME;
  }
}
