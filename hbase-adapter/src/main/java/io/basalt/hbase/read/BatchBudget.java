package io.basalt.hbase.read;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * How much of its thread's time a scan batch running where it must not wait may use before it gives up and goes
 * where it may. The budget is CPU time: a batch whose thread the operating system set aside for a while has not
 * kept other connections waiting for that while, and giving up would only redo its work on a handler. The clock
 * checked per row stays the cheap wall clock; the thread's CPU time (about a microsecond to read) is read at the
 * start of a batch and again only when the wall clock says the budget might be spent.
 *
 * <p>One instance serves one scanner, one batch at a time, on whichever thread runs that batch.
 */
final class BatchBudget {
  /**
   * The CPU a batch may spend on a thread that must not wait: rows with nothing visible (deleted, expired) cost time
   * without filling the batch, and a network thread serves many connections.
   */
  static final long DEFAULT_NANOS = TimeUnit.MILLISECONDS.toNanos(2);

  private static final long UNMEASURED = Long.MIN_VALUE;

  private final long budgetNanos;
  private final LongSupplier threadCpuNanos;
  /** Wall-clock time after which the budget may be spent; 0 when no batch is being timed. */
  private long checkAtNanos;
  private long cpuAtStart;

  BatchBudget(long budgetNanos, LongSupplier threadCpuNanos) {
    this.budgetNanos = budgetNanos;
    this.threadCpuNanos = threadCpuNanos;
  }

  /** The default budget, measured in the current thread's CPU time where the JVM can tell it. */
  static BatchBudget ofThreadCpu() {
    return ofThreadCpu(DEFAULT_NANOS);
  }

  static BatchBudget ofThreadCpu(long budgetNanos) {
    return new BatchBudget(budgetNanos, ThreadCpuClock.INSTANCE);
  }

  /**
   * Starts timing a batch.
   *
   * @param measureCpu whether to read the thread's CPU clock for it; a batch that can return only one Result
   *     (every Get) is timed by the wall clock alone, sparing it the read
   */
  void start(long nowNanos, boolean measureCpu) {
    checkAtNanos = nowNanos + budgetNanos;
    if (checkAtNanos == 0) {
      checkAtNanos = 1; // 0 means not timing
    }
    long cpu = measureCpu ? threadCpuNanos.getAsLong() : -1;
    cpuAtStart = cpu < 0 ? UNMEASURED : cpu;
  }

  /** Stops timing: batches that may wait have no budget. */
  void stop() {
    checkAtNanos = 0;
  }

  boolean timing() {
    return checkAtNanos != 0;
  }

  /** Whether the batch being timed has used up its budget; moves the next check on if only the wall clock has. */
  boolean spent(long nowNanos) {
    if (checkAtNanos == 0 || nowNanos - checkAtNanos <= 0) {
      return false;
    }
    if (cpuAtStart == UNMEASURED) {
      return true;
    }
    long cpu = threadCpuNanos.getAsLong();
    if (cpu < 0) {
      return true; // the JVM stopped measuring: fall back to the wall clock
    }
    long left = budgetNanos - (cpu - cpuAtStart);
    if (left <= 0) {
      return true;
    }
    // CPU time never runs ahead of wall time, so the budget cannot be spent before another `left` has passed.
    checkAtNanos = nowNanos + left;
    return false;
  }

  /** The current thread's CPU time, or -1 where the JVM does not measure it. */
  private enum ThreadCpuClock implements LongSupplier {
    INSTANCE;

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final boolean SUPPORTED = THREADS.isCurrentThreadCpuTimeSupported();

    @Override
    public long getAsLong() {
      return SUPPORTED ? THREADS.getCurrentThreadCpuTime() : -1;
    }
  }
}
