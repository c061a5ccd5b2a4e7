package io.basalt.hbase.write;

import io.basalt.hbase.errors.StorageErrors;
import io.basalt.hbase.schema.HBaseTable;
import io.basalt.hbase.write.MutationConverter.VersionLookup;
import io.basalt.storage.data.Waiting;
import io.basalt.storage.errors.StorageException;
import java.io.IOException;
import java.time.Clock;
import java.util.List;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Writes Puts and Deletes whose every cell carries its own timestamp and type, as an HBase cluster replicates its
 * edits, through the region's tablet's leader wherever it is ({@code Table#writeAtLeaders}): no row lock is taken
 * and nothing is read, since such cells decide nothing from what is stored, and writing them again changes
 * nothing. A cell without a timestamp of its own is refused: a latest-version delete would have to read the row
 * under the leader's lock.
 */
final class ReplicatedEdits {
  private static final VersionLookup NO_VERSION = (row, family, qualifier, nth) -> {
    throw new DoNotRetryIOException("a replicated delete of " + Bytes.toStringBinary(row) + " names no version");
  };

  /** The region's writer, which records families holding cells with their own TTL and checks rows' region. */
  private final RegionWriter writer;
  private final HBaseTable table;
  private final RegionInfo region;
  private final Clock clock;
  private final WritePolicy policy;
  private final MutationConverter converter;

  ReplicatedEdits(RegionWriter writer, HBaseTable table, RegionInfo region, Clock clock, WritePolicy policy,
      MutationConverter converter) {
    this.writer = writer;
    this.table = table;
    this.region = region;
    this.clock = clock;
    this.policy = policy;
    this.converter = converter;
  }

  void write(List<Mutation> mutations) throws IOException {
    for (Mutation mutation : mutations) {
      writer.recordCellTtlFamilies(mutation, Waiting.ALLOWED);
    }
    OneWrite writes = new OneWrite();
    long now = clock.millis();
    for (Mutation mutation : mutations) {
      if (!(mutation instanceof Put || mutation instanceof Delete)) {
        throw new DoNotRetryIOException("only Puts and Deletes are written through a tablet's leader, not "
            + mutation.getClass().getSimpleName());
      }
      writer.checkBatchRow(mutation.getRow());
      policy.checkCellSizes(mutation);
      writes.add(converter.convert(mutation, now, NO_VERSION, writes));
    }
    try {
      table.storage().writeAtLeaders(writes.mutations());
    } catch (StorageException e) {
      throw StorageErrors.translate(e, region);
    }
  }
}
