package io.basalt.storage;

import java.time.Duration;

/** Tuning of the engine. Defaults suit a developer machine; the server reads overrides from its config file. */
public record StoreOptions(long blockCacheBytes, long memtableBudgetBytes, int backgroundJobs,
    Duration rowLockWait) {

  public static StoreOptions defaults() {
    return new StoreOptions(256L << 20, 256L << 20, 4, Duration.ofSeconds(30));
  }

  public StoreOptions {
    if (blockCacheBytes <= 0 || memtableBudgetBytes <= 0 || backgroundJobs <= 0) {
      throw new IllegalArgumentException("store sizes and job counts must be positive");
    }
    if (rowLockWait.isNegative() || rowLockWait.isZero()) {
      throw new IllegalArgumentException("row lock wait must be positive");
    }
  }

  public StoreOptions withRowLockWait(Duration wait) {
    return new StoreOptions(blockCacheBytes, memtableBudgetBytes, backgroundJobs, wait);
  }
}
