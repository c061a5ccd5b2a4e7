package io.basalt.tools.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
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

class ImportOptionsTest {
  @Test
  void readsEveryOption() throws Exception {
    ImportOptions options = ImportOptions.parse("--snapshot-dir", "/exports/orders", "--to", "basalt1:2181",
        "--table", "archive:orders", "--threads", "4", "--work-dir", "/scratch", "--no-verify", "-D",
        "hbase.rpc.timeout=600000", "-Dhbase.client.retries.number=3", "--verbose");
    assertEquals(Path.of("/exports/orders"), options.snapshotDir());
    assertEquals("basalt1:2181", options.to());
    assertEquals(TableName.valueOf("archive", "orders"), options.table());
    assertEquals(4, options.threads());
    assertEquals(Path.of("/scratch"), options.workDir());
    assertFalse(options.verify());
    assertEquals(Map.of("hbase.rpc.timeout", "600000", "hbase.client.retries.number", "3"),
        options.clientProperties());
    assertTrue(options.verbose());
  }

  @Test
  void defaultsKeepTheSnapshotsNameAndVerify() throws Exception {
    ImportOptions options = ImportOptions.parse("--snapshot-dir", "d", "--to", "localhost");
    assertNull(options.table(), "the snapshot's own table name");
    assertEquals(2, options.threads());
    assertEquals(Path.of(System.getProperty("java.io.tmpdir")), options.workDir());
    assertTrue(options.verify());
  }

  @Test
  void refusesWhatCannotBeRun() {
    assertUsage("--snapshot-dir is needed", "--to", "localhost");
    assertUsage("--to is needed", "--snapshot-dir", "d");
    assertUsage("positive number", "--snapshot-dir", "d", "--to", "z", "--threads", "0");
    assertUsage("not a table name", "--snapshot-dir", "d", "--to", "z", "--table", "bad name");
    assertUsage("-D takes key=value", "--snapshot-dir", "d", "--to", "z", "-D", "novalue");
    assertUsage("unknown option --snapshot", "--snapshot", "x");
    assertUsage("needs a value", "--snapshot-dir");
  }

  @Test
  void helpAndBadUsageExitCodes() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    assertEquals(ImportSnapshotCommand.EXIT_OK, ImportSnapshotCommand.run(new String[] {"--help"}, print(out),
        print(err)));
    assertTrue(out.toString(StandardCharsets.UTF_8).startsWith("Usage: basalt import-snapshot"));
    assertEquals(ImportSnapshotCommand.EXIT_USAGE, ImportSnapshotCommand.run(new String[] {"--to", "z"},
        print(out), print(err)));
    assertTrue(err.toString(StandardCharsets.UTF_8).contains("Try 'basalt import-snapshot --help'"),
        err.toString(StandardCharsets.UTF_8));
  }

  private static PrintStream print(ByteArrayOutputStream bytes) {
    return new PrintStream(bytes, true, StandardCharsets.UTF_8);
  }

  private static void assertUsage(String message, String... args) {
    UsageException e =
        assertThrows(UsageException.class, () -> ImportOptions.parse(args));
    assertTrue(e.getMessage().contains(message), e.getMessage());
  }
}
