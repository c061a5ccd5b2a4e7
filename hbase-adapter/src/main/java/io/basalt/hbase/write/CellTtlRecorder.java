package io.basalt.hbase.write;

import java.io.IOException;
import java.util.List;
import org.apache.hadoop.hbase.TableName;

/**
 * Records, durably, that families of a table hold puts with their own TTL; called before the first such put of a
 * family is written (see {@code schema.CellTtlFamilies}).
 */
@FunctionalInterface
public interface CellTtlRecorder {
  void record(TableName table, List<byte[]> families) throws IOException;
}
