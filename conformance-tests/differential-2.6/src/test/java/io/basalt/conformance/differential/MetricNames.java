package io.basalt.conformance.differential;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * HBase 2.6's metric naming as MetricsOracleTest compares it: the beans it reads, names brought to one form for
 * both servers (a region's encoded name differs between them, so it is masked), and the histogram range buckets,
 * which HBase lists only while they count something in the current interval and so are compared by their shape.
 */
final class MetricNames {
  static final String RS_SERVER = "Hadoop:service=HBase,name=RegionServer,sub=Server";
  static final String RS_REGIONS = "Hadoop:service=HBase,name=RegionServer,sub=Regions";
  static final String RS_TABLES = "Hadoop:service=HBase,name=RegionServer,sub=Tables";
  static final String RS_IPC = "Hadoop:service=HBase,name=RegionServer,sub=IPC";
  static final String MASTER_SERVER = "Hadoop:service=HBase,name=Master,sub=Server";
  static final String MASTER_ASSIGNMENTS = "Hadoop:service=HBase,name=Master,sub=AssignmentManager";
  static final String JVM = "Hadoop:service=HBase,name=JvmMetrics";
  /** Basalt's own bean, which HBase has no counterpart of. */
  static final String BASALT = "Hadoop:service=HBase,name=Basalt";
  /** What the test asks /jmx for: every HBase bean, none of the JVM's own. */
  static final String HBASE_BEANS = "Hadoop:service=HBase,*";
  /** Where Basalt's own metrics go in /prometheus; left out of the comparison as its bean is. */
  static final String BASALT_PROMETHEUS_PREFIX = "basalt_";
  static final String REGION_MASK = "<region>";

  /** A region's encoded name inside a per-region name, in /jmx's camel case and /prometheus's snake case alike. */
  private static final Pattern REGION = Pattern.compile("_region_[^_]+_(metric|store)_");
  private static final Pattern JMX_BUCKET = Pattern.compile("(.+)_(Time|Size)RangeCount_(\\d+)-(\\d+|inf)");
  private static final Pattern PROMETHEUS_BUCKET = Pattern.compile("(.+)_(time|size)_range_count_(\\d+)_(\\d+|inf)");
  private static final long[] TIME_BOUNDS = {1, 3, 10, 30, 100, 300, 1000, 3000, 10000, 30000, 60000, 120000, 300000,
      600000};
  private static final long[] SIZE_BOUNDS = {10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000};

  private MetricNames() {}

  /** The per-table request bean of a table in the default namespace. */
  static String tableRequests(String table) {
    return "Hadoop:service=HBase,name=RegionServer,sub=TableRequests_Namespace_default_table_" + table;
  }

  /** The prefix of a default-namespace table's attributes in the Tables and Regions beans. */
  static String tablePrefix(String table) {
    return "Namespace_default_table_" + table;
  }

  /** One attribute of one bean. */
  record Attribute(String bean, String name) {
    @Override
    public String toString() {
      return bean.replace("Hadoop:service=HBase,name=", "") + " " + name;
    }
  }

  /** Where a name says which table it is of: a bean, a per-table or per-region attribute, a Prometheus name. */
  private static final Pattern TABLE = Pattern.compile("(?i)namespace_[a-z0-9]+_table_");

  /**
   * Whether a bean, attribute or Prometheus name is of another table than {@code table}: the run's other test
   * classes leave tables of their own on the shared servers, under names that differ between the two (each server's
   * table gets the next number).
   */
  static boolean isOfAnotherTable(String name, String table) {
    Matcher m = TABLE.matcher(name);
    if (!m.find()) {
      return false;
    }
    String rest = name.substring(m.end());
    if (!rest.toLowerCase(Locale.ROOT).startsWith(table.toLowerCase(Locale.ROOT))) {
      return true;
    }
    // The table's name must end there: an underscore follows, or (in Prometheus, after a digit) a letter.
    return rest.length() > table.length() && !(rest.charAt(table.length()) == '_'
        || Character.isLetter(rest.charAt(table.length())));
  }

  /** A metric name with any region's encoded name masked. */
  static String canonical(String name) {
    return REGION.matcher(name).replaceAll("_region_" + REGION_MASK + "_$1_");
  }

  /**
   * A range bucket of histogram {@code histogram} ({@code X_num_ops} is its count), of kind {@code time} or
   * {@code size}, over {@code range} ("lo-hi").
   */
  record Bucket(String histogram, String kind, String range) {
    /** Whether HBase's histograms of this kind have this range. */
    boolean isHBaseRange() {
      return ranges(kind.equals("time") ? TIME_BOUNDS : SIZE_BOUNDS).contains(range);
    }
  }

  /** The bucket a /jmx attribute such as {@code Put_TimeRangeCount_1-3} is, if it is one. */
  static Optional<Bucket> jmxBucket(String attribute) {
    Matcher m = JMX_BUCKET.matcher(attribute);
    return m.matches()
        ? Optional.of(new Bucket(m.group(1) + "_num_ops", m.group(2).toLowerCase(), m.group(3) + "-" + m.group(4)))
        : Optional.empty();
  }

  /** The bucket a /prometheus name such as {@code server_put_time_range_count_1_3} is, if it is one. */
  static Optional<Bucket> prometheusBucket(String name) {
    Matcher m = PROMETHEUS_BUCKET.matcher(name);
    return m.matches()
        ? Optional.of(new Bucket(m.group(1) + "_num_ops", m.group(2), m.group(3) + "-" + m.group(4)))
        : Optional.empty();
  }

  /** "0-b1", "b1-b2", ..., "bn-inf": the ranges a histogram with these bounds counts in. */
  private static List<String> ranges(long[] bounds) {
    List<String> ranges = new ArrayList<>();
    long low = 0;
    for (long bound : bounds) {
      ranges.add(low + "-" + bound);
      low = bound;
    }
    ranges.add(low + "-inf");
    return ranges;
  }
}
