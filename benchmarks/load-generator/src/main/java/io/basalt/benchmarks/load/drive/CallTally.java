package io.basalt.benchmarks.load.drive;

import io.basalt.benchmarks.load.requests.AnswerCheck;
import io.basalt.benchmarks.load.requests.Operation;
import io.basalt.benchmarks.load.wire.Answer;
import io.basalt.benchmarks.load.wire.EncodedRequest;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * What one connection's answers came to: the latencies of the calls begun in the measured part of the run, how many
 * failed, and in a checked run how many answered wrongly, with the first of each kept for the report. Written by the
 * one thread that reads the connection's answers.
 */
final class CallTally {
  private static final long HIGHEST_NANOS = TimeUnit.SECONDS.toNanos(60);

  private final Operation operation;
  private final boolean checked;
  private final RunWindow window;
  final Histogram latencies = new Histogram(HIGHEST_NANOS, 3);
  long failed;
  long wrong;
  String firstFailure;
  String firstWrong;

  CallTally(Operation operation, boolean checked, RunWindow window) {
    this.operation = operation;
    this.checked = checked;
    this.window = window;
  }

  /** Counts the answer to a call begun (or, at a fixed rate, due) at {@code startNanos}. */
  void answered(long startNanos, long nowNanos, EncodedRequest request, Answer answer) throws IOException {
    if (window.measured(startNanos)) {
      latencies.recordValue(Math.min(nowNanos - startNanos, HIGHEST_NANOS));
    }
    if (answer.exception() != null) {
      failed++;
      if (firstFailure == null) {
        firstFailure = answer.exception().getExceptionClassName();
      }
    } else if (checked) {
      String problem = AnswerCheck.problem(operation, request, answer);
      if (problem != null) {
        wrong++;
        if (firstWrong == null) {
          firstWrong = problem;
        }
      }
    }
  }
}
