package io.basalt.benchmarks.runner.ycsb;

import io.basalt.benchmarks.runner.report.Measurement;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One YCSB phase against one server: the overall rate, each operation type's own rate and latencies (its count
 * over the phase's run time), and how many operations did not return OK.
 *
 * @param failure why the phase produced no result, or null
 */
public record YcsbResult(double overallOpsPerSecond, Map<String, Measurement> operations, long errors,
    String failure) {

  public static YcsbResult failed(String why) {
    return new YcsbResult(Double.NaN, new LinkedHashMap<>(), 0, why);
  }

  public boolean ok() {
    return failure == null;
  }

  /** One operation type's measurement, or a failure saying why there is none. */
  public Measurement operation(String name) {
    if (!ok()) {
      return Measurement.failed(failure);
    }
    Measurement measured = operations.get(name);
    return measured != null ? measured : Measurement.failed("no " + name + " operations");
  }
}
