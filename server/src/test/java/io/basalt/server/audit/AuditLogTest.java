package io.basalt.server.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.basalt.hbase.security.AuditEvent;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class AuditLogTest {
  @Test
  void aDecisionIsOneJsonLineWhateverItsStringsHold() {
    AuditEvent event = new AuditEvent("al\"ice\\", "KERBEROS", "/127.0.0.1:4242", "authenticate", "connection", false,
        "bad\ntoken\u0000");
    assertEquals("{\"time\":\"2026-11-28T08:00:00Z\",\"user\":\"al\\\"ice\\\\\",\"auth\":\"KERBEROS\","
        + "\"remote\":\"/127.0.0.1:4242\",\"action\":\"authenticate\",\"scope\":\"connection\",\"allowed\":false,"
        + "\"reason\":\"bad\\u000atoken\\u0000\"}", AuditLog.json(Instant.parse("2026-11-28T08:00:00Z"), event));
  }
}
