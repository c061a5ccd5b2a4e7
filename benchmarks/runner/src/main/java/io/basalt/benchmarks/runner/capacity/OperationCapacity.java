package io.basalt.benchmarks.runner.capacity;

import java.util.List;

/**
 * What one server did with one operation: flat out, then each fixed-rate step, and from those the highest rate
 * sustained within each latency bound.
 */
record OperationCapacity(String server, String operation, StepResult flatOut, List<StepResult> steps) {
  /** The highest offered rate sustained with p99 at most {@code p99Millis}; 0 if none was. */
  double sustainedAt(double p99Millis) {
    double best = 0;
    for (StepResult step : steps) {
      if (step.sustained() && step.p99Micros() <= p99Millis * 1000) {
        best = Math.max(best, step.offered());
      }
    }
    return best;
  }

  /** The server's CPU per call at its busiest sustained step (flat out's if none was). */
  double serverCpuMicros() {
    StepResult busiest = null;
    for (StepResult step : steps) {
      if (step.sustained() && (busiest == null || step.offered() > busiest.offered())) {
        busiest = step;
      }
    }
    return (busiest == null ? flatOut : busiest).serverCpuMicros();
  }
}
