package io.basalt.tools.snapshot;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Proxy;
import org.apache.hadoop.hbase.io.MetricsIO;
import org.apache.hadoop.hbase.io.MetricsIOSource;
import org.apache.hadoop.hbase.io.MetricsIOWrapper;
import org.apache.hadoop.hbase.io.MetricsIOWrapperImpl;

/**
 * Keeps HBase's HFile reader and writer from starting a Hadoop metrics system in the tool's process. Both report
 * every block they read or write to {@link MetricsIO}'s process-wide instance, whose first use builds a region
 * server's metrics source and, with it, Hadoop's JVM metrics, which log through log4j 1: without log4j 1 on the
 * class path the first block read fails with {@code NoClassDefFoundError: org/apache/log4j/...}.
 *
 * <p>Why not put log4j 1 (reload4j) on the class path instead: the distribution runs the tools from its
 * {@code lib/}, which is the server's class path too, and commons-logging, which Hadoop logs through, takes log4j 1
 * whenever it finds it. Tried with reload4j 1.2.18.3 beside the tools' jars: Hadoop's loggers became log4j 1
 * loggers, which, unconfigured, dropped every line after printing "log4j:WARN No appenders could be found", and
 * the reader started HBase's metrics system with a timer thread, for figures nobody reads. The tool wants no
 * metrics from the reader, so the instance is replaced, once, by one whose source drops every figure.
 * {@code MetricsIO} offers no way to do that but its package-private constructor and its private instance field;
 * a later HBase where they differ fails here, loudly, rather than half-started. (The server quiets the reader the
 * same way, in hbase-adapter, which the tools do not depend on.)
 */
final class QuietHFileMetrics {
  private static boolean quiet;

  private QuietHFileMetrics() {}

  /** Puts the quiet instance in place before the first HFile is opened; later calls do nothing. */
  static synchronized void install() {
    if (quiet) {
      return;
    }
    MetricsIOSource discarding = (MetricsIOSource) Proxy.newProxyInstance(MetricsIOSource.class.getClassLoader(),
        new Class<?>[] {MetricsIOSource.class}, (proxy, method, args) -> switch (method.getName()) {
          // The only methods that answer something: names, asked for by nothing the tool runs.
          case "getMetricsContext", "getMetricsDescription", "getMetricsJmxContext", "getMetricsName" ->
              "discarded";
          case "hashCode" -> System.identityHashCode(proxy);
          case "equals" -> proxy == args[0];
          case "toString" -> "discarded HFile IO metrics";
          default -> null;
        });
    try {
      Constructor<MetricsIO> constructor =
          MetricsIO.class.getDeclaredConstructor(MetricsIOSource.class, MetricsIOWrapper.class);
      constructor.setAccessible(true);
      Field instance = MetricsIO.class.getDeclaredField("instance");
      instance.setAccessible(true);
      instance.set(null, constructor.newInstance(discarding, new MetricsIOWrapperImpl()));
      quiet = true;
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot keep HBase's HFile reader from starting a metrics system"
          + " (has MetricsIO changed?)", e);
    }
  }
}
