package io.basalt.hbase.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class MemberReportTest {
  @Test
  void aReportReadsBackAsWritten() {
    MemberReport report = new MemberReport("0.1.0", 1_234, 56.5, 9_876_543_210L, 200L << 20, 4L << 30,
        1_795_000_000_000L);
    assertEquals(Optional.of(report), MemberReport.parse(report.encode()));
    assertTrue(report.encode().length < 300, "a report stays small: " + report.encode().length + " bytes");
  }

  @Test
  void whatIsNoReportReadsAsNone() {
    assertEquals(Optional.empty(), MemberReport.parse(new byte[0]));
    assertEquals(Optional.empty(), MemberReport.parse("regions=many\n".getBytes(StandardCharsets.UTF_8)));
    assertEquals(Optional.empty(), MemberReport.parse("version=0.0.9\nregions=3\n".getBytes(StandardCharsets.UTF_8)),
        "a report without every figure");
  }
}
