package io.basalt.benchmarks.runner.ycsb;

import io.basalt.benchmarks.runner.report.Measurement;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One YCSB phase against one server: the overall rate and the CPU it took (as a {@link Measurement} without
 * latencies), each operation type's own rate and latencies (its count over the phase's run time), and how many
 * operations did not return OK.
 *
 * @param overallOperations the operations of every type the phase made
 * @param failure why the phase produced no result, or null
 */
public record YcsbResult(Measurement overall, double overallOperations, Map<String, Measurement> operations,
    long errors, String failure) {

  public static YcsbResult failed(String why) {
    return new YcsbResult(Measurement.failed(why), 0, new LinkedHashMap<>(), 0, why);
  }

  public double overallOpsPerSecond() {
    return overall.opsPerSecond();
  }

  /**
   * This result with the CPU figures of the window it ran in: the client's share, and the server's CPU time over
   * every operation of the phase.
   */
  public YcsbResult withCpu(double clientShare, double serverCpuMicros) {
    double perOperation = serverCpuMicros < 0 || overallOperations <= 0 ? -1 : serverCpuMicros / overallOperations;
    return new YcsbResult(overall.withCpu(clientShare, perOperation), overallOperations, operations, errors,
        failure);
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
