package io.basalt.benchmarks.load.drive;

import io.basalt.benchmarks.load.requests.Operation;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/**
 * What a run measured: the calls begun in its measured part and answered, their latencies, failures and (checked)
 * wrong answers, whether a fixed rate overloaded the server, the generator's own CPU per call, and the servers' CPU
 * per call over the measured part (-1 if not watched).
 */
public record LoadResult(Operation operation, String mode, double measuredSeconds, Histogram latencies,
    long failed, long wrong, String firstProblem, boolean overloaded, double clientCpuMicrosPerCall,
    double serverCpuMicrosPerCall) {

  public long calls() {
    return latencies.getTotalCount();
  }

  public double callsPerSecond() {
    return calls() / measuredSeconds;
  }

  public double percentileMicros(double percentile) {
    return latencies.getValueAtPercentile(percentile) / 1000.0;
  }

  /** One line of {@code key=value} pairs, which the benchmark runner reads. */
  public String line() {
    return String.format(Locale.ROOT, "RESULT operation=%s mode=%s seconds=%.1f calls=%d calls_per_second=%.0f"
        + " p50_us=%.0f p99_us=%.0f p999_us=%.0f max_us=%.0f failed=%d wrong=%d overloaded=%b"
        + " client_cpu_us_per_call=%.2f server_cpu_us_per_call=%.1f%s", operation.label(), mode, measuredSeconds,
        calls(), callsPerSecond(), percentileMicros(50), percentileMicros(99), percentileMicros(99.9),
        latencies.getMaxValue() / 1000.0, failed, wrong, overloaded, clientCpuMicrosPerCall, serverCpuMicrosPerCall,
        firstProblem == null ? "" : " first_problem=" + firstProblem
            .replace(' ', '_'));
  }
}
