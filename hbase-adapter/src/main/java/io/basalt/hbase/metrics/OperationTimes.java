package io.basalt.hbase.metrics;

import java.util.EnumMap;
import java.util.Map;

/** One histogram per {@link Operation}: the region server's, with HBase's ranges, or a table's, without. */
final class OperationTimes {
  private final Map<Operation, OperationHistogram> histograms = new EnumMap<>(Operation.class);

  OperationTimes(boolean withRanges, long intervalMillis) {
    for (Operation operation : Operation.values()) {
      histograms.put(operation, new OperationHistogram(withRanges ? operation.ranges()
          : OperationHistogram.Ranges.NONE, intervalMillis));
    }
  }

  void update(Operation operation, long value) {
    histograms.get(operation).update(value);
  }

  /** Writes the histograms under the region server bean's names, in HBase's order for that bean. */
  void writeServerNames(MetricsOutput out) {
    for (Operation operation : Operation.values()) {
      histograms.get(operation).writeTo(operation.serverName, out);
    }
  }

  /** Writes the histograms under a table request bean's names. */
  void writeTableNames(MetricsOutput out) {
    for (Operation operation : Operation.values()) {
      histograms.get(operation).writeTo(operation.tableName, out);
    }
  }
}
