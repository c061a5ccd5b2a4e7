package io.basalt.hbase.stats;

/**
 * Takes the statistics' once-a-second sample when a test says so, at the time of the statistics' own (manual) clock,
 * for tests in other packages that drive request rates without the sampler thread.
 */
public final class StatisticsSampler {
  private StatisticsSampler() {}

  public static void sample(TabletStatistics statistics) {
    statistics.sample();
  }
}
