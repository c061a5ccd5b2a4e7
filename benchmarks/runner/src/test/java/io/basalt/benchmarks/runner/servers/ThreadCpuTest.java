package io.basalt.benchmarks.runner.servers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ThreadCpuTest {
  @Test
  void groupsThisProcessThreadsByNameWithoutTheirNumbers() {
    Map<String, Long> ticks = ThreadCpu.ticksByKind(ProcessHandle.current().pid());

    assertFalse(ticks.isEmpty());
    assertTrue(ticks.keySet().stream().noneMatch(kind -> kind.matches(".*[0-9].*")), ticks.toString());
  }

  @Test
  void namesAKindOfThreadWithoutItsNumbers() {
    assertEquals("rpc-io-#-#", ThreadCpu.kind("rpc-io-3-12"));
    assertEquals("rocksdb:low", ThreadCpu.kind("rocksdb:low"));
  }

  @Test
  void describesWhatEachKindSpentLargestFirstAndLeavesOutTheNegligible() {
    long second = ProcStats.TICKS_PER_SECOND;
    Map<String, Long> before = Map.of("rpc-io-#-#", 10L, "C# CompilerThre", 0L, "GC Thread##", 0L);
    Map<String, Long> after = Map.of("rpc-io-#-#", 10 + 3 * second, "C# CompilerThre", second,
        "GC Thread##", 0L, "compaction", 1L);

    assertEquals(String.format(java.util.Locale.ROOT, "%.2f s in all: rpc-io-#-# 3.00 s, C# CompilerThre 1.00 s",
        (4 * second + 1) / (double) second), ThreadCpu.describeDifference(before, after));
  }

  @Test
  void tellsTheShareOfTheCpuTheJitCompilersTook() {
    Map<String, Long> before = Map.of("rpc-io-#-#", 100L, "C# CompilerThre", 40L);
    Map<String, Long> after = Map.of("rpc-io-#-#", 400L, "C# CompilerThre", 140L, "GC Thread##", 0L);

    assertEquals(0.25, ThreadCpu.compilerShare(before, after), 1e-9);
    assertEquals(-1, ThreadCpu.compilerShare(after, after), "nothing spent: unknown");
  }
}
