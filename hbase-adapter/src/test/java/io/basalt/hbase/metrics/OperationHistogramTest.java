package io.basalt.hbase.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.ThreadMXBean;
import java.lang.management.ManagementFactory;
import java.util.List;
import org.junit.jupiter.api.Test;

class OperationHistogramTest {

  @Test
  void writesHBaseNamesKindsAndOrder() {
    OperationHistogram histogram = new OperationHistogram(OperationHistogram.Ranges.TIME, 0);
    for (int i = 0; i < 86; i++) {
      histogram.update(0);
    }
    for (int i = 0; i < 13; i++) {
      histogram.update(2);
    }
    histogram.update(5);
    RecordingOutput out = new RecordingOutput();
    histogram.writeTo("Put", out);
    assertEquals(List.of("Put_num_ops", "Put_min", "Put_max", "Put_mean", "Put_25th_percentile", "Put_median",
        "Put_75th_percentile", "Put_90th_percentile", "Put_95th_percentile", "Put_98th_percentile",
        "Put_99th_percentile", "Put_99.9th_percentile", "Put_TimeRangeCount_0-1", "Put_TimeRangeCount_1-3",
        "Put_TimeRangeCount_3-10"), List.copyOf(out.values.keySet()));
    assertEquals("counter", out.kinds.get("Put_num_ops"));
    assertEquals("gauge", out.kinds.get("Put_max"));
    assertEquals("counter", out.kinds.get("Put_TimeRangeCount_0-1"));
    assertEquals(100, out.get("Put_num_ops"));
    assertEquals(0, out.get("Put_min"));
    assertEquals(5, out.get("Put_max"));
    assertEquals(86, out.get("Put_TimeRangeCount_0-1"));
    assertEquals(13, out.get("Put_TimeRangeCount_1-3"));
    assertEquals(1, out.get("Put_TimeRangeCount_3-10"));
  }

  @Test
  void intervalStatisticsResetButTheCountDoesNot() {
    OperationHistogram histogram = new OperationHistogram(OperationHistogram.Ranges.SIZE, 0);
    histogram.update(7200);
    RecordingOutput first = new RecordingOutput();
    histogram.writeTo("ScanSize", first);
    assertEquals(7200, first.get("ScanSize_max"));
    // Which range takes the value is HBase's bin estimate (a first interval's bins are laid out blind), as there.
    assertEquals(1, ranges(first));
    RecordingOutput second = new RecordingOutput();
    histogram.writeTo("ScanSize", second);
    assertEquals(1, second.get("ScanSize_num_ops"));
    assertEquals(0, second.get("ScanSize_max"));
    assertEquals(0, ranges(second), "empty ranges are left out");
  }

  private static long ranges(RecordingOutput out) {
    return out.values.entrySet().stream().filter(entry -> entry.getKey().contains("_SizeRangeCount_"))
        .mapToLong(entry -> entry.getValue().longValue()).sum();
  }

  @Test
  void readersWithinAnIntervalSeeTheSameFigures() {
    OperationHistogram histogram = new OperationHistogram(OperationHistogram.Ranges.NONE, 60_000);
    histogram.update(3);
    RecordingOutput first = new RecordingOutput();
    histogram.writeTo("GetTime", first);
    RecordingOutput second = new RecordingOutput();
    histogram.writeTo("GetTime", second);
    assertEquals(first.values, second.values);
    assertEquals(1, second.get("GetTime_num_ops"), "the count is always current");
  }

  /** Recording must not allocate: it runs on every request. Measured with the thread's allocation counter. */
  @Test
  void updatingAllocatesNothing() {
    OperationHistogram histogram = new OperationHistogram(OperationHistogram.Ranges.TIME, 10_000);
    ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
    assertTrue(threads.isThreadAllocatedMemorySupported());
    for (int i = 0; i < 100_000; i++) {
      histogram.update(i % 50);
    }
    long thread = Thread.currentThread().getId();
    long before = threads.getThreadAllocatedBytes(thread);
    for (int i = 0; i < 1_000_000; i++) {
      histogram.update(i % 50);
    }
    long allocated = threads.getThreadAllocatedBytes(thread) - before;
    // The counter reading itself may allocate a few bytes; a million updates allocating would be megabytes.
    assertTrue(allocated < 4096, "a million updates allocated " + allocated + " bytes");
  }
}
