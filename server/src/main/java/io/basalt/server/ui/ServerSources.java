package io.basalt.server.ui;

import io.basalt.hbase.HBaseFrontend;
import io.basalt.hbase.cluster.RegionLocations;
import io.basalt.hbase.cluster.ServerIdentity;
import io.basalt.server.config.BasaltConfig;
import io.basalt.server.metrics.MetricsBeans;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.hbase.TableName;

/**
 * What the status pages read: the HBase front end (its master, tables, compactions), where regions are served, who
 * this server is, its configuration and metrics, and the regions' figures, measured by the server in the pages'
 * terms (this package does not see the store).
 *
 * @param zookeeperAddress where clients find the registry, as a ZooKeeper connect string
 * @param startMillis when the server started
 */
public record ServerSources(HBaseFrontend frontend, RegionLocations locations, ServerIdentity identity,
    String zookeeperAddress, long startMillis, BasaltConfig config, MetricsBeans metrics, RegionMeasure regions) {
  /** Measures the regions served now. */
  @FunctionalInterface
  public interface RegionMeasure {
    /** Every region's figures, or only those of {@code table} when it is not null. */
    List<RegionRow> measure(TableName table) throws IOException;
  }
}
