package io.basalt.server.metrics;

import io.basalt.hbase.metrics.MetricsRecord;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import javax.management.Attribute;
import javax.management.AttributeList;
import javax.management.AttributeNotFoundException;
import javax.management.DynamicMBean;
import javax.management.MBeanInfo;
import javax.management.ReflectionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@link MetricsRecord} as a read-only JMX bean, shaped like HBase's metrics2 beans: the class name in its
 * MBeanInfo is the record's JMX name (what HBase's {@code /jmx} shows as {@code modelerType}, e.g. {@code
 * RegionServer,sub=Server}), its attributes are the record's tags ({@code tag.<name>}) and metrics in the record's
 * order.
 *
 * <p>A JMX reader asks for the bean's description and then for each attribute; reading the record for each would
 * cost a large record (every region's metrics) its whole reading per attribute. So {@link #getMBeanInfo()} reads the
 * record afresh and keeps that reading, and attribute reads answer from the last reading, taking a new one only when
 * there is none or it is over a second old: one {@code /jmx} request reads each record once.
 */
public final class RecordBean implements DynamicMBean {
  private static final Logger LOG = LoggerFactory.getLogger(RecordBean.class);
  private static final long FRESH_NANOS = TimeUnit.SECONDS.toNanos(1);

  private final MetricsRecord record;
  private final LongSupplier nanoClock;
  private volatile RecordSnapshot latest;
  private volatile boolean duplicatesReported;

  public RecordBean(MetricsRecord record) {
    this(record, System::nanoTime);
  }

  RecordBean(MetricsRecord record, LongSupplier nanoClock) {
    this.record = record;
    this.nanoClock = nanoClock;
  }

  public MetricsRecord record() {
    return record;
  }

  @Override
  public MBeanInfo getMBeanInfo() {
    return read().info();
  }

  @Override
  public Object getAttribute(String attribute) throws AttributeNotFoundException {
    Object value = current().value(attribute);
    if (value == null) {
      throw new AttributeNotFoundException("No attribute " + attribute + " in " + record.jmxName());
    }
    return value;
  }

  @Override
  public AttributeList getAttributes(String[] attributes) {
    RecordSnapshot snapshot = current();
    AttributeList found = new AttributeList(attributes.length);
    for (String name : attributes) {
      Object value = snapshot.value(name);
      if (value != null) {
        found.add(new Attribute(name, value));
      }
    }
    return found;
  }

  @Override
  public void setAttribute(Attribute attribute) throws AttributeNotFoundException {
    // The JDK's own beans answer a write to a read-only attribute this way.
    throw new AttributeNotFoundException("Read-only attribute: " + attribute.getName());
  }

  @Override
  public AttributeList setAttributes(AttributeList attributes) {
    return new AttributeList(); // none of them was set
  }

  @Override
  public Object invoke(String actionName, Object[] params, String[] signature) throws ReflectionException {
    throw new ReflectionException(new NoSuchMethodException(actionName),
        record.jmxName() + " is a read-only metrics bean with no operations");
  }

  private RecordSnapshot current() {
    RecordSnapshot snapshot = latest;
    if (snapshot == null || nanoClock.getAsLong() - snapshot.takenNanos() > FRESH_NANOS) {
      snapshot = read();
    }
    return snapshot;
  }

  /**
   * Reads the record. If it throws, the bean keeps its last reading (or none), as a metrics2 source's bean keeps its
   * cached values when the source fails; that reading counts as fresh, so the attribute reads of the same request do
   * not try (and log) again.
   */
  private RecordSnapshot read() {
    long now = nanoClock.getAsLong();
    RecordSnapshot snapshot;
    try {
      snapshot = RecordSnapshot.read(record, now);
    } catch (RuntimeException e) {
      LOG.warn("Could not read the metrics of {}; its bean shows the last values read", record.jmxName(), e);
      RecordSnapshot previous = latest;
      snapshot = previous == null ? RecordSnapshot.empty(record, now) : previous.restamped(now);
    }
    if (!snapshot.duplicates().isEmpty() && !duplicatesReported) {
      duplicatesReported = true;
      LOG.warn("Metrics record {} wrote {} more than once; its bean keeps the first value of each",
          record.jmxName(), snapshot.duplicates());
    }
    latest = snapshot;
    return snapshot;
  }
}
