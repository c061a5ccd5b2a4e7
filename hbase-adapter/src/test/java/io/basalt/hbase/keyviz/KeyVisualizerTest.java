package io.basalt.hbase.keyviz;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.hbase.testing.ManualClock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.TableName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KeyVisualizerTest {
  private static final TableName TABLE = TableName.valueOf("t");
  private static final long MINUTE = 60_000;

  @TempDir
  Path dir;

  private final ManualClock clock = new ManualClock();

  /** Buckets a..z: the table cut at b, c, ... z. */
  private static List<byte[]> letters(String table, int parts) {
    List<byte[]> cuts = new ArrayList<>();
    for (char c = 'b'; c <= 'z'; c++) {
      cuts.add(new byte[] {(byte) c});
    }
    return cuts;
  }

  @Test
  void aHotSpotShowsInItsBucketAndItsHotRowIsNamed() throws Exception {
    clock.advance(1000 * MINUTE - clock.millis());
    KeyVisualizer keys = KeyVisualizer.open(dir, KeyVisualizerTest::letters, clock);
    keys.record(TABLE, b("a"), 0, 10, 1000); // first minute: measured into letters at its end
    clock.advance(MINUTE);
    keys.tick();
    for (int i = 0; i < 4000; i++) {
      keys.record(TABLE, b("m" + (i % 10)), 100, 0, 50_000); // rows m0..m9: bucket "m"
      keys.record(TABLE, b((char) ('a' + i % 26) + "x"), 0, 20, 2_000); // an even load over every bucket
    }
    clock.advance(MINUTE);
    keys.tick();
    List<ActivityColumn> columns = columns(keys, Tier.MINUTE);
    ActivityColumn hot = columns.get(columns.size() - 1);
    assertEquals(26, hot.buckets().count());
    int m = hot.buckets().bucketOf(b("m5"));
    assertArrayEquals(b("m"), hot.buckets().start(m));
    // Each request recorded stands for the sample's period.
    int weight = KeyVisualizer.SAMPLE_PERIOD;
    assertEquals((4000 + 4000 / 26 + 1) * weight, hot.operations()[m], 3 * weight);
    assertEquals(4000 * 100 * weight, hot.readBytes()[m]);
    assertEquals(50, hot.p99Micros()[m], 15, "the hot bucket's requests took 50 us");
    long others = 0;
    for (int i = 0; i < hot.buckets().count(); i++) {
      if (i != m) {
        others = Math.max(others, hot.operations()[i]);
      }
    }
    assertTrue(others < 400 * weight, "no other bucket is near the hot one: " + others);
    assertTrue(new String(hot.hotRows().get(0).row(), UTF_8).startsWith("m"), "the most frequent rows are m's");
  }

  @Test
  void tenMinuteAndHourlyColumnsSumTheMinutesAndSurviveARestart() throws Exception {
    clock.advance(1000 * 60 * MINUTE - clock.millis()); // on the hour
    KeyVisualizer keys = KeyVisualizer.open(dir, KeyVisualizerTest::letters, clock);
    awaitMeasured(keys);
    for (int minute = 0; minute < 25; minute++) {
      for (int i = 0; i < 160; i++) {
        keys.record(TABLE, b("q"), 0, 1, 1000);
      }
      clock.advance(MINUTE);
      if (minute == 14) {
        keys.close(); // a restart halfway through the second ten minutes
        keys = KeyVisualizer.open(dir, KeyVisualizerTest::letters, clock);
        awaitMeasured(keys);
      } else {
        keys.tick();
      }
    }
    List<ActivityColumn> tens = columns(keys, Tier.TEN_MINUTES);
    assertEquals(2, tens.size(), "two ten-minute windows ended");
    long perMinute = 160L * KeyVisualizer.SAMPLE_PERIOD;
    // awaitMeasured's request counts if the table was measured before it was counted, and goes with the one bucket
    // otherwise: one sampled request more or not.
    assertBetween(10 * perMinute, tens.get(0).totalOperations());
    assertBetween(10 * perMinute, tens.get(1).totalOperations()); // the restart lost nothing
    clock.advance(35 * MINUTE);
    keys.tick();
    List<ActivityColumn> hours = columns(keys, Tier.HOUR);
    assertEquals(1, hours.size());
    assertEquals(tens.get(0).totalOperations() + tens.get(1).totalOperations() + 5 * perMinute,
        hours.get(0).totalOperations());
    keys.close();
  }

  @Test
  void aTornRecordIsCutAwayAndLaterColumnsStayReadable() throws Exception {
    clock.advance(1000 * MINUTE - clock.millis());
    KeyVisualizer keys = KeyVisualizer.open(dir, KeyVisualizerTest::letters, clock);
    keys.record(TABLE, b("a"), 0, 1, 1000);
    clock.advance(MINUTE);
    keys.tick();
    keys.close();
    Path file;
    try (var files = Files.list(dir.resolve("minute"))) {
      file = files.findFirst().orElseThrow();
    }
    Files.write(file, new byte[] {0, 0, 1, 0, 42}, StandardOpenOption.APPEND); // a crash mid-record
    keys = KeyVisualizer.open(dir, KeyVisualizerTest::letters, clock);
    keys.record(TABLE, b("a"), 0, 1, 1000);
    clock.advance(MINUTE);
    keys.tick();
    assertEquals(2, columns(keys, Tier.MINUTE).size());
    keys.close();
  }

  @Test
  void filesPastRetentionGo() throws IOException {
    clock.advance(1000 * 60 * MINUTE - clock.millis());
    KeyVisualizer keys = KeyVisualizer.open(dir, KeyVisualizerTest::letters, clock);
    keys.record(TABLE, b("a"), 0, 1, 1000);
    clock.advance(MINUTE);
    keys.tick();
    clock.advance(8 * 60 * MINUTE - MINUTE); // the minutes' file ended over six hours ago; on an hour
    keys.tick();
    assertEquals(List.of(), columns(keys, Tier.MINUTE));
    keys.close();
  }

  /**
   * Has the table seen, and waits until its first measure (on the visualizer's thread) is done, so that no request
   * of the test is dropped with the first minute's one bucket.
   */
  private static void awaitMeasured(KeyVisualizer keys) throws InterruptedException {
    keys.record(TABLE, b("a"), 0, 0, 0);
    long deadline = System.nanoTime() + 10_000_000_000L;
    while (keys.bucketsOf("t").count() == 1) {
      assertTrue(System.nanoTime() < deadline, "the table was not measured within 10 s");
      Thread.sleep(5); // polling the condition, with a deadline
    }
  }

  /** {@code expected}, or one sampled request more. */
  private static void assertBetween(long expected, long actual) {
    assertTrue(actual == expected || actual == expected + KeyVisualizer.SAMPLE_PERIOD,
        () -> "expected " + expected + " operations (or one sampled request more), got " + actual);
  }

  private List<ActivityColumn> columns(KeyVisualizer keys, Tier tier) throws IOException {
    return keys.columns("t", tier, 0, clock.millis()).getOrDefault("t", List.of());
  }

  private static byte[] b(String s) {
    return s.getBytes(UTF_8);
  }
}
