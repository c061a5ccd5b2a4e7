package io.basalt.hbase.errors;

import io.basalt.storage.errors.NotLeaderException;
import io.basalt.storage.errors.RowLockTimeoutException;
import io.basalt.storage.errors.StorageException;
import io.basalt.storage.errors.StorageFullException;
import io.basalt.storage.errors.UnknownFamilyException;
import io.basalt.storage.errors.UnknownTableException;
import io.basalt.storage.errors.WriteTooLargeException;
import java.io.IOException;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.NotServingRegionException;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.regionserver.NoSuchColumnFamilyException;
import org.apache.hadoop.hbase.util.Bytes;

/** Translates storage failures into the HBase exceptions clients act on. */
public final class StorageErrors {
  private StorageErrors() {}

  public static IOException translate(StorageException e, RegionInfo region) {
    if (e instanceof StorageFullException full) {
      return outOfSpace(full);
    }
    if (e instanceof UnknownFamilyException unknownFamily) {
      return new NoSuchColumnFamilyException("Column family " + Bytes.toStringBinary(unknownFamily.family())
          + " does not exist in region " + region.getRegionNameAsString() + " in table " + region.getTable());
    }
    if (e instanceof NotLeaderException) {
      // In a cluster only the tablet's leader serves it: the client reads hbase:meta again, which names the leader.
      return new NotServingRegionException(region.getRegionNameAsString() + " is not served here: "
          + e.getMessage());
    }
    if (e instanceof UnknownTableException) {
      // The table was dropped under the call: the client re-reads hbase:meta and learns it is gone.
      return new NotServingRegionException(region.getRegionNameAsString() + " is not online");
    }
    if (e instanceof WriteTooLargeException) {
      return new DoNotRetryIOException(e.getMessage(), e);
    }
    if (e instanceof RowLockTimeoutException) {
      return new IOException(e.getMessage(), e);
    }
    return new IOException("storage failure in region " + region.getRegionNameAsString() + ": " + e.getMessage(),
        e);
  }

  /**
   * A full disk fails the write at once, not retried: the client's retries would only pile up against it. Nothing
   * of the write was applied, reads go on, and writes resume by themselves once space is freed.
   */
  public static DoNotRetryIOException outOfSpace(StorageFullException e) {
    return new DoNotRetryIOException("write refused, nothing written: " + e.getMessage()
        + "; reads still work, and writes resume once space is freed", e);
  }
}
