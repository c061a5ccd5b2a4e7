package io.basalt.hbase.metrics;

/**
 * HBase's {@code Master,sub=AssignmentManager} bean, its regions in transition. A Basalt region is open wherever its
 * tablet is served, with no assignment in between (a split or merge changes metadata only), so none is ever in
 * transition: these are zero by construction, not by omission, and what cluster status reports too.
 */
final class AssignmentManagerRecord implements MetricsRecord {
  @Override
  public String jmxName() {
    return "Master,sub=AssignmentManager";
  }

  @Override
  public String recordName() {
    return "AssignmentManager";
  }

  @Override
  public void writeTo(MetricsOutput out) {
    out.tag("Context", "master");
    out.tag("Hostname", Hosts.localName());
    out.gauge("ritOldestAge", 0);
    out.gauge("ritCountOverThreshold", 0);
    out.gauge("ritCount", 0);
  }
}
