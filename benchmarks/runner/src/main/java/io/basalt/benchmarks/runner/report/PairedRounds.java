package io.basalt.benchmarks.runner.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalDouble;

/**
 * One workload at one client thread count run in rounds against two servers, alternating: every round's
 * measurement is kept, so that the report can give the median and, as the noise, the range.
 *
 * @param secondByProcess for each of the second server's rounds, its processes' CPU per operation (a cluster's
 *     nodes); empty lists when it is one process
 * @param firstCompiling for each of the first server's rounds, the share of its CPU its JIT compilers took (-1
 *     when unknown)
 * @param secondCompiling the same for the second server's rounds
 */
public record PairedRounds(String workload, int threads, List<Measurement> first, List<Measurement> second,
    List<List<Double>> secondByProcess, List<Double> firstCompiling, List<Double> secondCompiling) {

  public PairedRounds {
    first = List.copyOf(first);
    second = List.copyOf(second);
    secondByProcess = List.copyOf(secondByProcess);
    firstCompiling = List.copyOf(firstCompiling);
    secondCompiling = List.copyOf(secondCompiling);
  }

  /**
   * The first server's CPU per operation without what its JIT compilers spent, the median over the rounds, or NaN:
   * in short runs on a loaded machine the compilers took a third to two thirds of either server's CPU, and a
   * cluster runs three JVMs' compilers, so this is the figure that compares the servers' own work.
   */
  public double firstCpuWithoutCompiling() {
    return withoutCompiling(first, firstCompiling);
  }

  public double secondCpuWithoutCompiling() {
    return withoutCompiling(second, secondCompiling);
  }

  private static double withoutCompiling(List<Measurement> rounds, List<Double> compiling) {
    double[] values = new double[rounds.size()];
    int count = 0;
    for (int round = 0; round < rounds.size() && round < compiling.size(); round++) {
      Measurement measurement = rounds.get(round);
      double share = compiling.get(round);
      if (measurement.ok() && measurement.serverCpuMicrosPerOp() >= 0 && share >= 0) {
        values[count++] = measurement.serverCpuMicrosPerOp() * (1 - share);
      }
    }
    if (count == 0) {
      return Double.NaN;
    }
    double[] sorted = Arrays.copyOf(values, count);
    Arrays.sort(sorted);
    return median(sorted);
  }

  public Measurement firstMedian() {
    return Measurement.median(first);
  }

  public Measurement secondMedian() {
    return Measurement.median(second);
  }

  /** The second server's median throughput over the first's. */
  public OptionalDouble throughputRatio() {
    return Comparison.ratio(secondMedian().opsPerSecond(), firstMedian().opsPerSecond());
  }

  /** The second server's median CPU per operation (all its processes) over the first's. */
  public OptionalDouble cpuRatio() {
    return Comparison.ratio(secondMedian().serverCpuMicrosPerOp(), firstMedian().serverCpuMicrosPerOp());
  }

  /**
   * The second server's processes' CPU per operation, each the median over the rounds, sorted from the busiest:
   * in a cluster the tablet's leader first, then its followers (nodes are told apart by what they did, since the
   * leader may change between rounds).
   */
  public List<Double> secondProcessesBusiestFirst() {
    List<List<Double>> sortedRounds = new ArrayList<>();
    for (List<Double> round : secondByProcess) {
      if (!round.isEmpty() && round.stream().allMatch(value -> value >= 0)) {
        sortedRounds.add(round.stream().sorted((a, b) -> Double.compare(b, a)).toList());
      }
    }
    if (sortedRounds.isEmpty()) {
      return List.of();
    }
    int processes = sortedRounds.get(0).size();
    List<Double> medians = new ArrayList<>();
    for (int rank = 0; rank < processes; rank++) {
      int at = rank;
      medians.add(median(sortedRounds.stream().mapToDouble(round -> round.get(at)).sorted().toArray()));
    }
    return medians;
  }

  static double median(double[] sorted) {
    int middle = sorted.length / 2;
    return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  }

  /** The lowest and highest throughput of the rounds that succeeded, or NaN for none. */
  public static double[] throughputRange(List<Measurement> rounds) {
    double[] rates = rounds.stream().filter(Measurement::ok).mapToDouble(Measurement::opsPerSecond).sorted()
        .toArray();
    return rates.length == 0 ? new double[] {Double.NaN, Double.NaN} : new double[] {rates[0], rates[rates.length - 1]};
  }
}
