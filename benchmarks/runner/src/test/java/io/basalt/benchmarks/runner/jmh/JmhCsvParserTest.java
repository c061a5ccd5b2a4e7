package io.basalt.benchmarks.runner.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.basalt.benchmarks.runner.report.Measurement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JmhCsvParserTest {
  private static final String CLASS = "io.basalt.benchmarks.storage.StorageOperationsBenchmark";

  @Test
  void combinesThroughputAndSampleTimePercentilesPerMethod() {
    List<String> csv = List.of(
        "\"Benchmark\",\"Mode\",\"Threads\",\"Samples\",\"Score\",\"Score Error (99.9%)\",\"Unit\",\"Param: rows\"",
        "\"" + CLASS + ".get\",\"thrpt\",1,3,0.125000,0.010000,\"ops/us\",10000",
        "\"" + CLASS + ".put\",\"thrpt\",1,3,0.050000,0.002000,\"ops/us\",10000",
        "\"" + CLASS + ".get\",\"sample\",1,1000,8.500000,0.100000,\"us/op\",10000",
        "\"" + CLASS + ".get:p0.00\",\"sample\",1,1,2.000000,NaN,\"us/op\",10000",
        "\"" + CLASS + ".get:p0.50\",\"sample\",1,1,7.000000,NaN,\"us/op\",10000",
        "\"" + CLASS + ".get:p0.99\",\"sample\",1,1,40.000000,NaN,\"us/op\",10000",
        "\"" + CLASS + ".put:p0.50\",\"sample\",1,1,0.015000,NaN,\"ms/op\",10000",
        "\"" + CLASS + ".put:p0.99\",\"sample\",1,1,0.100000,NaN,\"ms/op\",10000");

    Map<String, Measurement> results = JmhCsvParser.parse(csv);

    assertEquals(List.of("get", "put"), List.copyOf(results.keySet()));
    assertEquals(125_000, results.get("get").opsPerSecond(), 1e-6);
    assertEquals(7.0, results.get("get").p50Micros(), 1e-9);
    assertEquals(40.0, results.get("get").p99Micros(), 1e-9);
    assertEquals(50_000, results.get("put").opsPerSecond(), 1e-6);
    assertEquals(15.0, results.get("put").p50Micros(), 1e-9);
    assertEquals(100.0, results.get("put").p99Micros(), 1e-9);
  }

  @Test
  void methodNamesDropTheClassAndThePercentile() {
    assertEquals("scan100", JmhCsvParser.methodName(CLASS + ".scan100:p0.99"));
    assertEquals("scan100", JmhCsvParser.methodName(CLASS + ".scan100"));
  }
}
