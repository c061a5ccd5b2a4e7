package io.basalt.benchmarks.runner.bulkload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The client JVM's result lines and Basalt's log lines, as a quick run printed them. */
class ClientOutputTest {
  private static final List<String> LOAD_OUTPUT = List.of(
      "20:06:29 WARN  FsDelegationToken: Unknown FS URI scheme: file",
      "[bulkload] call first=row0000015000 files=1 start=1824.5 millis=1136.5 loaded=true",
      "[bulkload] call first=- files=1 start=1830.6 millis=1130.9 loaded=true",
      "[bulkload] call first=row0000030000 files=1 start=2962.0 millis=109.5 loaded=true",
      "[bulkload] loaded exit=0 calls=3 toolMillis=4335.9",
      "[benchmark] server CPU by thread: 1.51 s in all: rpc-handler-#-# 0.64 s");

  @Test
  void everyLineOfAKindIsReadInOrderWithItsFields() {
    List<Map<String, String>> calls = ClientLines.all(LOAD_OUTPUT, "call");

    assertEquals(3, calls.size());
    assertEquals("row0000015000", calls.get(0).get("first"));
    assertEquals("-", calls.get(1).get("first"));
    assertEquals(109.5, ClientLines.number(calls.get(2), "millis"));
    assertEquals(4335.9, ClientLines.number(ClientLines.last(LOAD_OUTPUT, "loaded").orElseThrow(), "toolMillis"));
    assertTrue(ClientLines.last(LOAD_OUTPUT, "checked").isEmpty());
  }

  @Test
  void basaltsLogGivesEachRegionsEntriesAndMilliseconds() {
    List<BasaltLoadLog.RegionLoad> loads = BasaltLoadLog.parse(List.of(
        "2026-11-28 20:06:25.206 INFO  [rpc-handler-4-7] TableLayouts: Created table default:bulk_loaded_1",
        "2026-11-28 20:06:30.827 INFO  [rpc-handler-4-14] BulkLoader: Bulk loaded 5000 entries into "
            + "bulk_loaded_1,,1795896385191.eba2200c93cf71f660c43f0f3f28a97f. from [[/w/copies/round-1-basalt/f/"
            + "region-000]] in 430 ms",
        "2026-11-28 20:06:31.011 INFO  [rpc-handler-4-16] BulkLoader: Bulk loaded 68750 entries into "
            + "bulk_loaded_1,row0000030000,1795896385191.51e440b0ccedbc78c09a834ba8b347fe. from [[/w/f/region-006]]"
            + " in 92 ms; 3 cells repeating the coordinates of the one before passed over"));

    assertEquals(List.of(
        new BasaltLoadLog.RegionLoad(5000, "bulk_loaded_1,,1795896385191.eba2200c93cf71f660c43f0f3f28a97f.", 430),
        new BasaltLoadLog.RegionLoad(68750,
            "bulk_loaded_1,row0000030000,1795896385191.51e440b0ccedbc78c09a834ba8b347fe.", 92)), loads);
  }
}
