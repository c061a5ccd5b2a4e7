package io.basalt.tools.copy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.tools.UsageException;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.TableName;
import org.junit.jupiter.api.Test;

class CopyOptionsTest {
  @Test
  void readsTablesRenamesModesAndClientProperties() throws Exception {
    CopyOptions options = CopyOptions.parse("--from", "zk1:2181,zk2/hbase-prod", "--to", "localhost:2181",
        "--tables", "orders,ns:events", "--rename", "ns:events=archive:events", "--parallelism", "8",
        "--no-verify", "-D", "hbase.rpc.timeout=120000", "-Dhbase.client.retries.number=3");
    assertEquals(List.of(TableName.valueOf("orders"), TableName.valueOf("ns", "events")), options.tables());
    assertEquals(TableName.valueOf("archive", "events"), options.targetOf(TableName.valueOf("ns", "events")));
    assertEquals(TableName.valueOf("orders"), options.targetOf(TableName.valueOf("orders")));
    assertEquals(8, options.parallelism());
    assertEquals(CopyOptions.Mode.COPY_ONLY, options.mode());
    assertEquals(Map.of("hbase.rpc.timeout", "120000", "hbase.client.retries.number", "3"),
        options.clientProperties());
    assertFalse(options.allTables());
  }

  @Test
  void refusesWhatCannotBeRun() {
    assertUsage("both --from and --to are needed", "--from", "a", "--all");
    assertUsage("exactly one of --tables, --namespace or --all", "--from", "a", "--to", "b");
    assertUsage("exactly one of --tables, --namespace or --all", "--from", "a", "--to", "b", "--all",
        "--namespace", "ns");
    assertUsage("exclude each other", "--from", "a", "--to", "b", "--all", "--no-verify", "--verify-only");
    assertUsage("positive number", "--from", "a", "--to", "b", "--all", "--parallelism", "0");
    assertUsage("SOURCE=TARGET", "--from", "a", "--to", "b", "--all", "--rename", "x");
    assertUsage("not among --tables", "--from", "a", "--to", "b", "--tables", "t", "--rename", "u=v");
    assertUsage("unknown option --frobnicate", "--frobnicate");
    assertUsage("not a table name", "--from", "a", "--to", "b", "--tables", "bad name");
    assertUsage("needs a value", "--from");
  }

  @Test
  void helpAndBadUsageExitCodes() {
    var out = new java.io.ByteArrayOutputStream();
    var err = new java.io.ByteArrayOutputStream();
    assertEquals(CopyCommand.EXIT_OK, CopyCommand.run(new String[] {"--help"}, new java.io.PrintStream(out),
        new java.io.PrintStream(err)));
    assertTrue(out.toString().startsWith("Usage: basalt copy"));
    assertEquals(CopyCommand.EXIT_USAGE, CopyCommand.run(new String[] {"--all"}, new java.io.PrintStream(out),
        new java.io.PrintStream(err)));
    assertTrue(err.toString().contains("Try 'basalt copy --help'"), err.toString());
  }

  private static void assertUsage(String message, String... args) {
    UsageException e = assertThrows(UsageException.class, () -> CopyOptions.parse(args));
    assertTrue(e.getMessage().contains(message), e.getMessage());
  }
}
