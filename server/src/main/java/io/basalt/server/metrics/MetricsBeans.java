package io.basalt.server.metrics;

import io.basalt.hbase.metrics.MetricsRecord;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import javax.management.MBeanServer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One server's metrics records, published as HBase publishes its metrics: each as a JMX bean named {@code
 * Hadoop:service=HBase,name=<jmxName>} ({@link RecordBean}), and the whole list for the info port's {@code
 * /prometheus}. The beans live in a private MBean server, read through {@link #view()}, and also in the JVM's
 * platform MBean server (for JConsole and the Prometheus JMX exporter agent) unless another Basalt server of the
 * same JVM publishes there already.
 *
 * <p>Nothing of JMX happens while the server starts: {@link #add} only keeps the record, and the beans are
 * registered on a background thread once {@link #publish()} is called (after the server is ready), or by the first
 * {@link #view()}. A cold JVM spends tens of milliseconds of CPU building the platform MBean server and loading
 * JMX's classes (docs/benchmarks.md: 0.15 s of CPU when ZooKeeper's registrations did it), which would otherwise
 * come before Basalt's ready line.
 */
public final class MetricsBeans implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(MetricsBeans.class);
  private static final long CLOSE_WAIT_SECONDS = 10;

  /** How often published beans follow records that come and go (a table's), as HBase's metrics period. */
  static final long RESYNC_SECONDS = 10;

  private final List<MetricsRecord> records = new CopyOnWriteArrayList<>();
  private final List<Supplier<? extends List<? extends MetricsRecord>>> sources = new CopyOnWriteArrayList<>();
  private final PlatformSlot platformSlot;
  private volatile BeanRegistry registry;
  /** Registers beans off the caller's thread once published; null before. Guarded by this. */
  private ScheduledThreadPoolExecutor publisher;
  private boolean closed;

  public MetricsBeans() {
    this(PlatformSlot.JVM);
  }

  MetricsBeans(PlatformSlot platformSlot) {
    this.platformSlot = platformSlot;
  }

  /**
   * Adds records, shown after those added before. May be called at any time, also while the info port serves;
   * once published, their beans are registered on the background thread (or by the next {@link #view()}). A record
   * already added, or any added after {@link #close()}, is ignored.
   */
  public void add(MetricsRecord... added) {
    synchronized (this) {
      if (closed) {
        return;
      }
      for (MetricsRecord record : added) {
        if (!records.contains(record)) {
          records.add(record);
        }
      }
      if (publisher != null) {
        publisher.execute(this::register);
      }
    }
  }

  /**
   * Adds a source of records that come and go, such as one per table: each listing of the records asks it afresh,
   * and published beans follow it within {@link #RESYNC_SECONDS}.
   */
  public void addSource(Supplier<? extends List<? extends MetricsRecord>> source) {
    synchronized (this) {
      if (closed) {
        return;
      }
      sources.add(source);
      if (publisher != null) {
        publisher.execute(this::register);
      }
    }
  }

  /** The records as they stand (what {@code /prometheus} shows): those added, in order, then the sources'. */
  public List<MetricsRecord> records() {
    if (sources.isEmpty()) {
      return Collections.unmodifiableList(records);
    }
    List<MetricsRecord> all = new ArrayList<>(records);
    for (Supplier<? extends List<? extends MetricsRecord>> source : sources) {
      for (MetricsRecord record : source.get()) {
        if (!all.contains(record)) {
          all.add(record);
        }
      }
    }
    return all;
  }

  /**
   * Registers the beans of every record, now and later added, in JMX, on a background daemon thread: call once the
   * server is ready (also when it has no info port, as operators may read JMX with an agent instead).
   */
  public synchronized void publish() {
    if (closed || publisher != null) {
      return;
    }
    publisher = new ScheduledThreadPoolExecutor(1, task -> {
      Thread thread = new Thread(task, "basalt-metrics-jmx");
      thread.setDaemon(true);
      return thread;
    });
    publisher.execute(this::register);
    publisher.scheduleWithFixedDelay(this::register, RESYNC_SECONDS, RESYNC_SECONDS, TimeUnit.SECONDS);
  }

  /**
   * The MBean server {@code /jmx} reads: this server's beans, each record's registered first if need be, then the
   * platform server's own (the JVM's), without those of other Basalt servers in the JVM. Read-only.
   */
  public MBeanServer view() {
    BeanRegistry beans = registry();
    beans.registerPrivately(records());
    return beans.view();
  }

  /** Unregisters every bean this server registered, in the platform server too. */
  @Override
  public void close() {
    ScheduledThreadPoolExecutor running;
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
      running = publisher;
    }
    if (running != null) {
      running.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
      running.shutdown();
      try {
        if (!running.awaitTermination(CLOSE_WAIT_SECONDS, TimeUnit.SECONDS)) {
          LOG.warn("JMX registrations of the metrics beans still run after {} s; closing regardless",
              CLOSE_WAIT_SECONDS);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    BeanRegistry beans = registry;
    if (beans != null) {
      beans.close();
    }
  }

  /** For tests: waits until the registrations asked for so far are done (true), or {@code timeout} passes. */
  boolean awaitRegistrations(long timeout, TimeUnit unit) throws InterruptedException {
    FutureTask<Void> marker = new FutureTask<>(() -> null);
    synchronized (this) {
      if (publisher == null || closed) {
        return true;
      }
      publisher.execute(marker);
    }
    try {
      marker.get(timeout, unit);
      return true;
    } catch (ExecutionException | TimeoutException e) {
      return false;
    }
  }

  private void register() {
    try {
      BeanRegistry beans = registry();
      beans.registerPrivately(records());
      beans.registerInPlatform();
    } catch (RuntimeException e) {
      LOG.error("Could not register the metrics beans with JMX; /prometheus is unaffected", e);
    }
  }

  private BeanRegistry registry() {
    BeanRegistry beans = registry;
    if (beans == null) {
      synchronized (this) {
        beans = registry;
        if (beans == null) {
          beans = new BeanRegistry(platformSlot);
          registry = beans;
        }
      }
    }
    return beans;
  }
}
