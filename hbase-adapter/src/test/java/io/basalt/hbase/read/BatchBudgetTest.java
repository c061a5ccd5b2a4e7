package io.basalt.hbase.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;

class BatchBudgetTest {
  private static final long BUDGET = 2_000;
  private final AtomicLong cpu = new AtomicLong(10_000);
  private final AtomicInteger cpuReads = new AtomicInteger();
  private final LongSupplier cpuClock = () -> {
    cpuReads.incrementAndGet();
    return cpu.get();
  };

  @Test
  void theCpuClockIsReadOnlyWhenTheWallClockSaysTheBudgetMightBeSpent() {
    BatchBudget budget = new BatchBudget(BUDGET, cpuClock);
    budget.start(100, true);
    assertEquals(1, cpuReads.get());
    assertFalse(budget.spent(100 + BUDGET));
    assertEquals(1, cpuReads.get());
    cpu.addAndGet(BUDGET);
    assertTrue(budget.spent(101 + BUDGET));
    assertEquals(2, cpuReads.get());
  }

  @Test
  void aThreadSetAsideGetsTheRestOfItsCpuBudgetBeforeTheNextLook() {
    BatchBudget budget = new BatchBudget(BUDGET, cpuClock);
    budget.start(0, true);
    cpu.addAndGet(500); // 500 ns of CPU in 10,000 ns of wall time
    assertFalse(budget.spent(10_000));
    assertFalse(budget.spent(10_000 + 1_500), "1,500 ns of CPU left: no look before they could have passed");
    assertEquals(2, cpuReads.get());
    cpu.addAndGet(1_499);
    assertFalse(budget.spent(10_000 + 1_501));
    cpu.addAndGet(1);
    assertTrue(budget.spent(10_000 + 1_503));
  }

  @Test
  void aBatchTimedWithoutTheCpuClockIsSpentWhenTheWallClockSaysSo() {
    BatchBudget budget = new BatchBudget(BUDGET, cpuClock);
    budget.start(0, false);
    assertFalse(budget.spent(BUDGET));
    assertTrue(budget.spent(BUDGET + 1));
    assertEquals(0, cpuReads.get());
  }

  @Test
  void whereTheJvmDoesNotMeasureThreadCpuTheWallClockDecides() {
    BatchBudget budget = new BatchBudget(BUDGET, () -> -1);
    budget.start(0, true);
    assertTrue(budget.spent(BUDGET + 1));
  }

  @Test
  void aStoppedBudgetIsNeverSpent() {
    BatchBudget budget = new BatchBudget(BUDGET, cpuClock);
    assertFalse(budget.timing());
    assertFalse(budget.spent(Long.MAX_VALUE));
    budget.start(0, true);
    assertTrue(budget.timing());
    budget.stop();
    cpu.addAndGet(BUDGET * 10);
    assertFalse(budget.spent(BUDGET * 10));
  }

  @Test
  void theRealThreadCpuClockMeasuresThisThread() {
    BatchBudget budget = BatchBudget.ofThreadCpu(1);
    budget.start(System.nanoTime(), true);
    long until = System.nanoTime() + 5_000_000;
    long spin = 0;
    while (System.nanoTime() - until < 0) {
      spin++;
    }
    assertTrue(spin > 0);
    assertTrue(budget.spent(System.nanoTime()), "5 ms of spinning spends a 1 ns CPU budget");
  }
}
