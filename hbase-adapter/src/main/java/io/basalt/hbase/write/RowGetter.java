package io.basalt.hbase.write;

import io.basalt.storage.data.Waiting;
import java.io.IOException;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Result;

/** Reads a row of the region being written, with HBase's read rules, under the writer's row lock. */
@FunctionalInterface
public interface RowGetter {
  Result get(Get get, Waiting waiting) throws IOException;
}
