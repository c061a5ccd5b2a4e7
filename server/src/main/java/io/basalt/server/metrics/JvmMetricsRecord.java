package io.basalt.server.metrics;

import io.basalt.hbase.metrics.Hosts;
import io.basalt.hbase.metrics.MetricsOutput;
import io.basalt.hbase.metrics.MetricsRecord;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.MemoryUsage;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;

/**
 * HBase's {@code Hadoop:service=HBase,name=JvmMetrics} record, read from the JVM's own management beans: memory in
 * megabytes, collections and their time per collector and in all, threads by state, and log records by level.
 *
 * <p>Its {@code ProcessName} tag is {@code Master}: that is what a standalone HBase shows, whose one process is an
 * HMaster serving as region server too, and a Basalt process likewise answers both the master's and the region
 * server's services. {@code LogFatal} is left out: nothing Basalt logs through has a fatal level to count (see {@link
 * LogEventCounter}), and a constant 0 would claim a count that was never kept.
 */
public final class JvmMetricsRecord implements MetricsRecord {
  private static final String PROCESS_NAME = "Master";
  private static final float MEGABYTE = 1024 * 1024;

  /** Starts counting log records by level (the counter is the JVM's: every server in it shares the counts). */
  public JvmMetricsRecord() {
    LogEventCounter.attached();
  }

  @Override
  public String jmxName() {
    return "JvmMetrics";
  }

  @Override
  public String recordName() {
    return "JvmMetrics";
  }

  @Override
  public void writeTo(MetricsOutput out) {
    out.tag("Context", "jvm");
    out.tag("ProcessName", PROCESS_NAME);
    out.tag("SessionId", "");
    out.tag("Hostname", Hosts.localName());
    MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
    MemoryUsage nonHeap = memory.getNonHeapMemoryUsage();
    MemoryUsage heap = memory.getHeapMemoryUsage();
    out.gauge("MemNonHeapUsedM", megabytes(nonHeap.getUsed()));
    out.gauge("MemNonHeapCommittedM", megabytes(nonHeap.getCommitted()));
    out.gauge("MemNonHeapMaxM", megabytes(nonHeap.getMax()));
    out.gauge("MemHeapUsedM", megabytes(heap.getUsed()));
    out.gauge("MemHeapCommittedM", megabytes(heap.getCommitted()));
    out.gauge("MemHeapMaxM", megabytes(heap.getMax()));
    out.gauge("MemMaxM", megabytes(Runtime.getRuntime().maxMemory()));
    writeCollections(out);
    writeThreads(out);
    LogEventCounter logs = LogEventCounter.attached();
    out.counter("LogError", logs.errors());
    out.counter("LogWarn", logs.warnings());
    out.counter("LogInfo", logs.infos());
  }

  /** Per collector ({@code GcCountG1 Young Generation}...: HBase's JSON leaves such names out, Prometheus not). */
  private static void writeCollections(MetricsOutput out) {
    long count = 0;
    long millis = 0;
    for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
      long collections = collector.getCollectionCount();
      long time = collector.getCollectionTime();
      // -1 means the collector does not say; such a collector has no figures to show or add.
      if (collections >= 0) {
        out.counter("GcCount" + collector.getName(), collections);
        count += collections;
      }
      if (time >= 0) {
        out.counter("GcTimeMillis" + collector.getName(), time);
        millis += time;
      }
    }
    out.counter("GcCount", count);
    out.counter("GcTimeMillis", millis);
  }

  private static void writeThreads(MetricsOutput out) {
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    long[] byState = new long[Thread.State.values().length];
    for (ThreadInfo thread : threads.getThreadInfo(threads.getAllThreadIds(), 0)) {
      if (thread != null) { // a thread that ended since it was listed
        byState[thread.getThreadState().ordinal()]++;
      }
    }
    out.gauge("ThreadsNew", byState[Thread.State.NEW.ordinal()]);
    out.gauge("ThreadsRunnable", byState[Thread.State.RUNNABLE.ordinal()]);
    out.gauge("ThreadsBlocked", byState[Thread.State.BLOCKED.ordinal()]);
    out.gauge("ThreadsWaiting", byState[Thread.State.WAITING.ordinal()]);
    out.gauge("ThreadsTimedWaiting", byState[Thread.State.TIMED_WAITING.ordinal()]);
    out.gauge("ThreadsTerminated", byState[Thread.State.TERMINATED.ordinal()]);
  }

  /**
   * Megabytes as HBase shows them: a float (so {@code 99.86578}, not a double's {@code 99.86578369140625}), and -1
   * for a maximum the JVM leaves undefined.
   */
  private static double megabytes(long bytes) {
    if (bytes < 0) {
      return -1.0;
    }
    return Double.parseDouble(Float.toString(bytes / MEGABYTE));
  }
}
