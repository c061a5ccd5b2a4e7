package io.basalt.tools.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.tools.UsageException;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.apache.hadoop.hbase.TableName;
import org.junit.jupiter.api.Test;

class ExportOptionsTest {
  @Test
  void readsEveryOption() throws Exception {
    ExportOptions options = ExportOptions.parse("--table", "shop:orders", "--to-dir", "/exports", "--snapshot",
        "orders_2026", "--from", "basalt1:2181", "--threads", "4", "-D", "hbase.rpc.timeout=600000",
        "-Dhbase.client.retries.number=3", "--verbose");
    assertEquals(TableName.valueOf("shop", "orders"), options.table());
    assertEquals(Path.of("/exports"), options.toDir());
    assertEquals("orders_2026", options.snapshot());
    assertEquals("basalt1:2181", options.from());
    assertEquals(4, options.threads());
    assertEquals(Map.of("hbase.rpc.timeout", "600000", "hbase.client.retries.number", "3"),
        options.clientProperties());
    assertTrue(options.verbose());
  }

  @Test
  void defaultsNameTheSnapshotAfterTheTable() throws Exception {
    ExportOptions options = ExportOptions.parse("--table", "orders", "--to-dir", "d");
    assertEquals("orders", options.snapshot());
    assertEquals("localhost:2181", options.from());
    assertEquals(2, options.threads());
    assertFalse(options.verbose());
    assertEquals("shop-orders", ExportOptions.parse("--table", "shop:orders", "--to-dir", "d").snapshot());
  }

  @Test
  void refusesWhatCannotBeRun() {
    assertUsage("--table is needed", "--to-dir", "d");
    assertUsage("--to-dir is needed", "--table", "t");
    assertUsage("is a system table", "--table", "hbase:meta", "--to-dir", "d");
    assertUsage("not a table name", "--table", "bad name", "--to-dir", "d");
    assertUsage("not a snapshot name", "--table", "t", "--to-dir", "d", "--snapshot", ".hidden");
    assertUsage("positive number", "--table", "t", "--to-dir", "d", "--threads", "0");
    assertUsage("-D takes key=value", "--table", "t", "--to-dir", "d", "-D", "novalue");
    assertUsage("unknown option --snapshot-dir", "--snapshot-dir", "x");
    assertUsage("needs a value", "--table");
  }

  @Test
  void helpAndBadUsageExitCodes() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    assertEquals(ExportSnapshotCommand.EXIT_OK, ExportSnapshotCommand.run(new String[] {"--help"}, print(out),
        print(err)));
    assertTrue(out.toString(StandardCharsets.UTF_8).startsWith("Usage: basalt export-snapshot"));
    assertEquals(ExportSnapshotCommand.EXIT_USAGE, ExportSnapshotCommand.run(new String[] {"--to-dir", "d"},
        print(out), print(err)));
    assertTrue(err.toString(StandardCharsets.UTF_8).contains("Try 'basalt export-snapshot --help'"),
        err.toString(StandardCharsets.UTF_8));
  }

  private static PrintStream print(ByteArrayOutputStream bytes) {
    return new PrintStream(bytes, true, StandardCharsets.UTF_8);
  }

  private static void assertUsage(String message, String... args) {
    UsageException e =
        assertThrows(UsageException.class, () -> ExportOptions.parse(args));
    assertTrue(e.getMessage().contains(message), e.getMessage());
  }
}
