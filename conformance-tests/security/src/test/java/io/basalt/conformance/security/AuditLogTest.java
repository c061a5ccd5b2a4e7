package io.basalt.conformance.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.conformance.harness.BasaltProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code basalt.audit.log} with stock clients: each connection's authentication is one JSON line in a file of its
 * own ({@code all}), none when only denials are kept and nothing was denied ({@code denied}), and the file rolls
 * over at its size, keeping the configured number of files. Kerberos decisions are checked in
 * KerberosAuthenticationTest.
 */
class AuditLogTest {
  @TempDir
  Path dir;

  @Test
  void everyConnectionIsALineAndTheFilesRollOver() throws Exception {
    Path audit = dir.resolve("audit").resolve("basalt-audit.log");
    Map<String, String> site = Map.of("basalt.audit.log", "all", "basalt.audit.log.file", audit.toString(),
        "basalt.audit.log.max.bytes", "1000", "basalt.audit.log.files", "3");
    try (BasaltProcess basalt = TlsServers.start(dir, "audit-all", site)) {
      for (int i = 0; i < 20; i++) {
        listTables(basalt);
      }
    }
    List<String> current = Files.readAllLines(Path.of(audit + ".0"));
    String user = System.getProperty("user.name");
    assertTrue(current.stream().allMatch(line -> line.startsWith("{\"time\":\"") && line.contains("\"user\":\""
        + user + "\",\"auth\":\"SIMPLE\"") && line.endsWith("\"allowed\":true,\"reason\":\"\"}")),
        current::toString);
    assertTrue(Files.exists(Path.of(audit + ".1")) && Files.exists(Path.of(audit + ".2")));
    assertFalse(Files.exists(Path.of(audit + ".3")), "only three files are kept");
  }

  @Test
  void denialsOnlyKeepsNothingWhenNothingIsDenied() throws Exception {
    try (BasaltProcess basalt = TlsServers.start(dir, "audit-denied", Map.of("basalt.audit.log", "denied"))) {
      listTables(basalt);
      Path audit = basalt.dataDir().resolve("audit").resolve("audit.log.0");
      assertEquals(List.of(), Files.readAllLines(audit));
    }
  }

  private static void listTables(BasaltProcess basalt) throws Exception {
    try (Connection connection = ConnectionFactory.createConnection(TlsClients.config(basalt, Map.of()));
        Admin admin = connection.getAdmin()) {
      admin.listTableNames();
    }
  }
}
