package io.basalt.conformance.differential;

import io.basalt.conformance.differential.MetricNames.Attribute;
import java.util.ArrayList;
import java.util.List;

/**
 * The metrics HBase dashboards and alerts are built on (request counts and rates, region and store file counts,
 * memstore size, operation latencies, RPC queues, the master's view of the cluster), by their names in HBase
 * 2.6.4's /jmx and /prometheus: whatever else differs, both servers must serve these.
 */
final class DashboardMetrics {
  private DashboardMetrics() {}

  /** The /jmx attributes, with {@code table}'s region's name masked as the test reads it. */
  static List<Attribute> jmx(String table) {
    List<Attribute> names = new ArrayList<>();
    add(names, MetricNames.RS_SERVER, "tag.serverName", "tag.clusterId", "totalRequestCount", "readRequestCount",
        "writeRequestCount", "regionCount", "storeCount", "storeFileCount", "storeFileSize", "memStoreSize",
        "compactionQueueLength", "flushQueueLength", "blockCacheSize", "blockCacheFreeSize", "blockCacheHitCount",
        "blockCacheMissCount", "blockCacheCountHitPercent", "blockCacheExpressHitPercent",
        "rpcGetRequestCount", "rpcMutateRequestCount", "rpcMultiRequestCount", "rpcScanRequestCount",
        "checkMutatePassedCount", "checkMutateFailedCount", "Get_num_ops", "Get_99th_percentile", "Put_num_ops",
        "Put_99th_percentile", "Delete_num_ops", "Increment_num_ops", "Append_num_ops", "CheckAndMutate_num_ops",
        "ScanTime_num_ops", "ScanTime_99th_percentile", "ScanSize_num_ops");
    String prefix = MetricNames.tablePrefix(table) + "_metric_";
    add(names, MetricNames.RS_TABLES, prefix + "readRequestCount", prefix + "writeRequestCount",
        prefix + "totalRequestCount", prefix + "regionCount", prefix + "storeFileCount", prefix + "storeFileSize",
        prefix + "memStoreSize");
    String region = MetricNames.tablePrefix(table) + "_region_" + MetricNames.REGION_MASK + "_metric_";
    add(names, MetricNames.RS_REGIONS, region + "readRequestCount", region + "writeRequestCount",
        region + "getCount", region + "putCount", region + "scanCount", region + "storeFileCount",
        region + "memStoreSize");
    add(names, MetricNames.tableRequests(table), "GetTime_num_ops", "GetTime_99th_percentile", "PutTime_num_ops",
        "PutTime_99th_percentile", "ScanTime_num_ops", "TableReadQueryPerSecond_count",
        "TableWriteQueryPerSecond_count");
    add(names, MetricNames.RS_IPC, "numOpenConnections", "queueSize", "numActiveHandler", "numCallsInGeneralQueue",
        "ProcessCallTime_num_ops", "ProcessCallTime_99th_percentile", "QueueCallTime_num_ops",
        "QueueCallTime_99th_percentile", "receivedBytes", "sentBytes");
    add(names, MetricNames.MASTER_SERVER, "tag.isActiveMaster", "numRegionServers", "numDeadRegionServers",
        "averageLoad", "clusterRequests");
    add(names, MetricNames.MASTER_ASSIGNMENTS, "ritCount", "ritCountOverThreshold", "ritOldestAge");
    add(names, MetricNames.JVM, "MemHeapUsedM", "MemHeapMaxM", "GcCount", "GcTimeMillis", "ThreadsRunnable");
    return names;
  }

  /** The /prometheus names of the same (a few of each kind), with {@code table}'s region's name masked. */
  static List<String> prometheus(String table) {
    String tables = "tables_namespace_default_table_" + table + "_metric_";
    String region = "regions_namespace_default_table_" + table + "_region_" + MetricNames.REGION_MASK + "_metric_";
    // HBase's conversion splits a camel-case name only after a lower-case letter: after a table name ending in a
    // digit, the table request bean's metric names follow without a separator (metrics_1get_time_num_ops).
    String requests = "table_requests_namespace_default_table_" + table
        + (Character.isDigit(table.charAt(table.length() - 1)) ? "" : "_");
    return List.of("server_total_request_count", "server_read_request_count", "server_write_request_count",
        "server_region_count", "server_store_file_count", "server_store_file_size", "server_mem_store_size",
        "server_rpc_get_request_count", "server_rpc_mutate_request_count", "server_get_num_ops",
        "server_get_99th_percentile", "server_put_num_ops", "server_scan_time_num_ops",
        "server_block_cache_hit_count", "server_block_cache_express_hit_percent", "server_flush_queue_length",
        tables + "read_request_count", tables + "write_request_count", tables + "total_request_count",
        region + "read_request_count", region + "write_request_count",
        requests + "get_time_num_ops", requests + "put_time_num_ops",
        "region_server_num_open_connections", "region_server_queue_size", "region_server_process_call_time_num_ops",
        "server_num_region_servers", "server_average_load", "server_cluster_requests", "assignment_manager_rit_count",
        "jvm_metrics_mem_heap_used_m", "jvm_metrics_gc_count");
  }

  private static void add(List<Attribute> names, String bean, String... attributes) {
    for (String attribute : attributes) {
      names.add(new Attribute(bean, attribute));
    }
  }
}
