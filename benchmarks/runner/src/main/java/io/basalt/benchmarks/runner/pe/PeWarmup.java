package io.basalt.benchmarks.runner.pe;

import io.basalt.benchmarks.runner.BenchmarkPlan;
import io.basalt.benchmarks.runner.servers.ServerUnderTest;
import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * Unmeasured runs of a PE workload on each server before its measured rounds, so that what is measured after them
 * is the servers' steady state, not how soon their JIT compilers reach the workload's code: a first round otherwise
 * pays for compilation on the cores the client shares. A server whose compilers still took
 * {@link BenchmarkPlan#SETTLED_COMPILER_SHARE} or more of its CPU in a warm-up run gets another, up to a limit; the
 * report is told which never settled, and which warm-up failed.
 */
public final class PeWarmup {
  private final int rowsPerThread;
  private final int runsAtMost;
  private final Consumer<String> notes;

  /**
   * @param rowsPerThread operations per client thread of each warm-up run; 0 for none
   * @param runsAtMost how many warm-up runs a server whose compilers are still busy gets at most
   * @param notes where remarks for the report go
   */
  public PeWarmup(int rowsPerThread, int runsAtMost, Consumer<String> notes) {
    this.rowsPerThread = rowsPerThread;
    this.runsAtMost = runsAtMost;
    this.notes = notes;
  }

  /** Warms {@code workload} with {@code threads} client threads up on each of {@code servers}, in that order. */
  public void warmUp(PeRunner pe, PeWorkload workload, int threads, List<ServerUnderTest> servers)
      throws IOException {
    if (rowsPerThread == 0) {
      return;
    }
    String what = "PerformanceEvaluation " + workload.command() + " × " + threads;
    for (ServerUnderTest server : servers) {
      String runId = "pe-" + workload.command() + "-" + threads + "t-warmup-" + server.fileName();
      for (int run = 1; run <= runsAtMost; run++) {
        PeRunner.Run warmup = pe.run(server, workload, threads, rowsPerThread, run == 1 ? runId : runId + "-" + run);
        if (!warmup.measurement().ok()) {
          notes.accept(what + " warm-up on " + server.name() + " failed: " + warmup.measurement().failure());
          break;
        }
        double compiling = warmup.serverCompilerShare();
        if (compiling < BenchmarkPlan.SETTLED_COMPILER_SHARE) {
          break;
        }
        if (run == runsAtMost && runsAtMost > 1) {
          notes.accept(String.format(Locale.ROOT, "%s: %s's JIT compilers still took %.0f %% of its CPU in the "
              + "last of %d warm-up runs", what, server.name(), compiling * 100, run));
        }
      }
    }
  }
}
