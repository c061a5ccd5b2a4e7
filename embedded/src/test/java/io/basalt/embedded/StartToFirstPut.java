package io.basalt.embedded;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.slf4j.LoggerFactory;

/**
 * Measures what a test suite waits for: from {@code EmbeddedBasalt.start()} to the first acknowledged put (the
 * connection, a table and the put included), each run in a fresh JVM, because a test JVM starts cold; then the same
 * for a second server in that JVM, as the next test class of a suite would start it. Prints each run and the
 * medians. Timings belong in docs/testing-with-basalt.md, not in assertions, so the build runs it only
 * when asked: {@link StartToFirstPutRun}.
 */
public final class StartToFirstPut {
  private static final String CHILD = "--child";
  private static final Path LOG = Path.of("target", "start-to-first-put.log");

  private StartToFirstPut() {}

  public static void main(String[] args) throws Exception {
    if (args.length > 0 && args[0].equals(CHILD)) {
      measureOnce();
      return;
    }
    measure(args.length > 0 ? Integer.parseInt(args[0]) : 5);
  }

  /** Runs the measurement {@code runs} times, each in a fresh JVM on this JVM's class path, and prints the table. */
  static void measure(int runs) throws IOException, InterruptedException {
    List<long[]> results = new ArrayList<>();
    System.out.println("run  start()->ready ms  ready->first put ms  start()->first put ms  JVM launch->first put ms"
        + "  next server: start()->first put ms");
    for (int run = 1; run <= runs; run++) {
      long[] result = childRun();
      results.add(result);
      System.out.printf("%3d  %17d  %19d  %21d  %24d  %34d%n", run, result[0], result[1], result[0] + result[1],
          result[2], result[3]);
    }
    System.out.printf("medians of %d runs: start()->first put %d ms, JVM launch->first put %d ms, next server %d ms%n",
        runs, median(results, r -> r[0] + r[1]), median(results, r -> r[2]), median(results, r -> r[3]));
  }

  private static void measureOnce() throws IOException {
    // A test suite has its logging running before its first server starts; so does this JVM, or the measurement
    // would charge the logging backend's own start to Basalt.
    LoggerFactory.getLogger(StartToFirstPut.class).info("Measuring start to first put");
    long[] cold = startAndPut();
    long sinceLaunch = System.currentTimeMillis() - ManagementFactory.getRuntimeMXBean().getStartTime();
    // The next test class of the same suite starts its own server in a JVM that has loaded the classes.
    long[] warm = startAndPut();
    System.out.println("RESULT " + cold[0] + " " + cold[1] + " " + sinceLaunch + " " + (warm[0] + warm[1]));
  }

  /** Milliseconds from {@code start()} to ready, and from ready to the first acknowledged put. */
  private static long[] startAndPut() throws IOException {
    long begin = System.nanoTime();
    try (EmbeddedBasalt basalt = EmbeddedBasalt.start()) {
      long ready = System.nanoTime();
      try (Table table = basalt.createTable(TableName.valueOf("first_put"), "f")) {
        table.put(new Put(toBytes("row")).addColumn(toBytes("f"), toBytes("q"), toBytes("value")));
        long firstPut = System.nanoTime();
        if (!table.exists(new Get(toBytes("row")))) {
          throw new IOException("the first put was acknowledged but cannot be read back");
        }
        return new long[] {(ready - begin) / 1_000_000, (firstPut - ready) / 1_000_000};
      }
    }
  }

  private static long[] childRun() throws IOException, InterruptedException {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process child = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
        StartToFirstPut.class.getName(), CHILD).redirectError(ProcessBuilder.Redirect.appendTo(LOG.toFile())).start();
    long[] result = null;
    try (BufferedReader out =
        new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
      for (String line = out.readLine(); line != null; line = out.readLine()) {
        if (line.startsWith("RESULT ")) {
          result = Arrays.stream(line.substring(7).split(" ")).mapToLong(Long::parseLong).toArray();
        }
      }
    }
    if (child.waitFor() != 0 || result == null) {
      throw new IOException("the measuring JVM failed (exit " + child.exitValue() + "); see " + LOG.toAbsolutePath());
    }
    return result;
  }

  private static long median(List<long[]> results, java.util.function.ToLongFunction<long[]> metric) {
    long[] values = results.stream().mapToLong(metric).sorted().toArray();
    return values[values.length / 2];
  }
}
