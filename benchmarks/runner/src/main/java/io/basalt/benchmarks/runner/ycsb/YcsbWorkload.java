package io.basalt.benchmarks.runner.ycsb;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * YCSB's six core workloads, as the mix of operations and the request distribution that define each of them; the
 * record and operation counts come from the plan. Run in this order after one load: D and E insert new records,
 * which the others do not expect to exist.
 */
public enum YcsbWorkload {
  A("update heavy", Map.of("readproportion", "0.5", "updateproportion", "0.5"), "zipfian"),
  B("read mostly", Map.of("readproportion", "0.95", "updateproportion", "0.05"), "zipfian"),
  C("read only", Map.of("readproportion", "1"), "zipfian"),
  F("read-modify-write", Map.of("readproportion", "0.5", "readmodifywriteproportion", "0.5"), "zipfian"),
  D("read latest", Map.of("readproportion", "0.95", "insertproportion", "0.05"), "latest"),
  E("short ranges", Map.of("scanproportion", "0.95", "insertproportion", "0.05", "maxscanlength", "100",
      "scanlengthdistribution", "uniform"), "zipfian");

  private final String description;
  private final Map<String, String> mix;
  private final String requestDistribution;

  YcsbWorkload(String description, Map<String, String> mix, String requestDistribution) {
    this.description = description;
    this.mix = mix;
    this.requestDistribution = requestDistribution;
  }

  public String description() {
    return description;
  }

  /** The workload's properties for YCSB's {@code -P} file; proportions not named are zero. */
  public Map<String, String> properties() {
    Map<String, String> properties = new LinkedHashMap<>();
    properties.put("workload", "site.ycsb.workloads.CoreWorkload");
    for (String operation : new String[] {"read", "update", "insert", "scan", "readmodifywrite"}) {
      properties.put(operation + "proportion", "0");
    }
    properties.putAll(mix);
    properties.put("requestdistribution", requestDistribution);
    properties.put("readallfields", "true");
    return properties;
  }
}
