package io.basalt.benchmarks.runner.bulkload;

import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * How big a bulk load run is ({@code bin/benchmark --bulk-load}). {@code full} loads a little over 1 GiB of HFiles,
 * the size: 1.1 million rows of one 1,000-byte cell (PerformanceEvaluation's value size), 16 regions, so 16
 * files of about 71 MB; {@code quick} checks the pipeline with a few tens of MB.
 *
 * @param rows rows written, one cell each
 * @param regions regions of every table, one HFile each
 * @param valueBytes bytes of each cell's value
 * @param putThreads threads of the put client, each with a BufferedMutator of its own
 * @param rounds how many times each of the five loads is made; the report takes the median
 * @param samples rows read back and compared at random after each load, beside every region's first and last
 * @param clientLimit time limit of any one client JVM
 */
public record BulkLoadPlan(String mode, long rows, int regions, int valueBytes, int putThreads, int rounds,
    int samples, Duration clientLimit) {

  public static BulkLoadPlan quick() {
    return new BulkLoadPlan("quick", 40_000, 8, 1_000, 4, 1, 20, Duration.ofMinutes(10));
  }

  public static BulkLoadPlan full() {
    return new BulkLoadPlan("full", 1_100_000, 16, 1_000, 4, 3, 200, Duration.ofMinutes(30));
  }

  public static BulkLoadPlan named(String mode) {
    return switch (mode) {
      case "quick" -> quick();
      case "full" -> full();
      default -> throw new IllegalArgumentException("mode is quick or full, not " + mode);
    };
  }

  public BulkLoadPlan withRows(long count) {
    return new BulkLoadPlan(mode, count, regions, valueBytes, putThreads, rounds, samples, clientLimit);
  }

  public BulkLoadPlan withRounds(int count) {
    return new BulkLoadPlan(mode, rows, regions, valueBytes, putThreads, count, samples, clientLimit);
  }

  /** The three numbers the client JVM makes the data from ({@code BenchmarkRows}): rows, regions, value bytes. */
  List<String> dataArguments() {
    return List.of(Long.toString(rows), Integer.toString(regions), Integer.toString(valueBytes));
  }

  /** The plan as the report states it. */
  List<String> describe() {
    return List.of(
        String.format(Locale.ROOT, "Data: %,d rows of one cell (family f, qualifier q, one fixed timestamp) with a "
            + "%,d-byte value, in a table pre-split into %d regions of equal row counts; written once per run as "
            + "%d HFiles, one per region, by HBase's own store file writer with HFileOutputFormat2's settings for "
            + "the default family (64 KiB blocks, no compression or encoding, a row bloom filter)", rows,
            valueBytes, regions, regions),
        String.format(Locale.ROOT, "Loads, each into a fresh table with the same splits, then checked (rows "
            + "counted by a key-only scan, every region's first and last row and %d rows at random read back and "
            + "compared) and dropped: HBase 2.6.4's BulkLoadHFilesTool into Basalt and into HBase, each from its "
            + "own hard-linked copy of the files; bin/basalt import-snapshot of a snapshot HBase took of the same "
            + "cells (bulk loaded once, before the rounds) into Basalt, after one unmeasured import that writes "
            + "the tool's class data sharing archive, as an operator's first import does; and the same cells by "
            + "puts through a stock "
            + "BufferedMutator, %d threads in one client JVM, into each", samples, putThreads),
        String.format(Locale.ROOT, "%d round(s), each making the five loads, bulk loads first, then the import, "
            + "Basalt and HBase taking turns to go first; median and range reported; before each load the runner "
            + "waits (at most %d s) for both servers to be idle, so that neither is measured beside the other's "
            + "flushes and compactions", rounds, QuietServers.LONGEST_WAIT.toSeconds()));
  }
}
