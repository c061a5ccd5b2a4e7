package io.basalt.hbase.bulkload;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import org.apache.hadoop.hbase.io.MetricsIO;
import org.apache.hadoop.hbase.io.MetricsIOSource;
import org.apache.hadoop.hbase.io.MetricsIOWrapper;
import org.apache.hadoop.hbase.io.MetricsIOWrapperImpl;

/**
 * Where HBase's HFile reader reports each block read: a source that keeps nothing, put in place before the first
 * file is opened. The reader reports to {@link MetricsIO}'s process-wide instance, which on first use starts a
 * region server's Hadoop metrics system: that registers Hadoop's JVM metrics (which need log4j 1, not on Basalt's
 * classpath: the first block read failed with NoClassDefFoundError) and JMX beans of its own beside the ones
 * Basalt's metrics answer for, under the same names. {@code MetricsIO} has no way to be given a source but its
 * package-private constructor and its private instance field, so they are set by reflection, once.
 */
final class HFileMetrics {
  private static volatile boolean quiet;

  private HFileMetrics() {}

  /** Puts the quiet source in place, unless it is already. */
  static synchronized void quiet() {
    if (quiet) {
      return;
    }
    try {
      Constructor<MetricsIO> constructor =
          MetricsIO.class.getDeclaredConstructor(MetricsIOSource.class, MetricsIOWrapper.class);
      constructor.setAccessible(true);
      Field instance = MetricsIO.class.getDeclaredField("instance");
      instance.setAccessible(true);
      instance.set(null, constructor.newInstance(new Discarded(), new MetricsIOWrapperImpl()));
      quiet = true;
    } catch (ReflectiveOperationException e) {
      // A later HBase whose MetricsIO differs: refused, rather than a second metrics system started beside Basalt's.
      throw new IllegalStateException("cannot quiet HBase's HFile metrics (MetricsIO changed?)", e);
    }
  }

  /** A metrics source that keeps nothing. */
  private static final class Discarded implements MetricsIOSource {
    @Override
    public void updateFsReadTime(long t) {}

    @Override
    public void updateFsPReadTime(long t) {}

    @Override
    public void updateFsWriteTime(long t) {}

    @Override
    public void incrSlowFsRead() {}

    @Override
    public void init() {}

    @Override
    public void setGauge(String gaugeName, long value) {}

    @Override
    public void incGauge(String gaugeName, long delta) {}

    @Override
    public void decGauge(String gaugeName, long delta) {}

    @Override
    public void removeMetric(String key) {}

    @Override
    public void incCounters(String counterName, long delta) {}

    @Override
    public void updateHistogram(String name, long value) {}

    @Override
    public String getMetricsContext() {
      return METRICS_CONTEXT;
    }

    @Override
    public String getMetricsDescription() {
      return METRICS_DESCRIPTION;
    }

    @Override
    public String getMetricsJmxContext() {
      return METRICS_JMX_CONTEXT;
    }

    @Override
    public String getMetricsName() {
      return METRICS_NAME;
    }
  }
}
