package io.basalt.storage.transfer;

import static io.basalt.storage.transfer.TabletRows.END;
import static io.basalt.storage.transfer.TabletRows.PUT;
import static io.basalt.storage.transfer.TabletRows.START;
import static io.basalt.storage.transfer.TransferStores.b;
import static io.basalt.storage.transfer.TransferStores.cells;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.storage.Table;
import io.basalt.storage.TabletStore;
import io.basalt.storage.data.Durability;
import io.basalt.storage.data.RowMutation;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * An import killed (SIGKILL) at some moment leaves a store that opens, with every row outside the range as it was,
 * and running the import again gives exactly the export's cells. Which state each kill left is printed: the kills
 * are aimed at the checking and at the deletion and ingestion, but where each lands is the machine's timing.
 */
class ImportCrashTest {
  /**
   * When the child is killed: what it says last (the import starts; its files are staged, so the deletion and the
   * ingestion come next), and how many milliseconds later.
   */
  private record Kill(String line, int delayMs) {
    @Override
    public String toString() {
      return delayMs + " ms after " + line;
    }
  }

  private static final List<Kill> KILLS = List.of(new Kill("importing", 0), new Kill("staged", 10),
      new Kill("staged", 20), new Kill("staged", 30));

  @RegisterExtension
  final TransferStores stores = new TransferStores();

  @Test
  void anImportKilledPartWayIsCompletedByRunningItAgain() throws Exception {
    Table source = TabletRows.sourceTable(stores.open("A"));
    addRows(source, new Random(1));
    Path export = stores.exportDirectory("m-n");
    ExportManifest exported = TabletExporter.export(source, b(START), b(END), export);
    Table target = TabletRows.targetTable(stores.open("B"));
    TabletDigest untouched = TabletDigest.of(target, b(START), b(END));
    Map<String, List<String>> exportedCells = byFamily(cells(source, START, END));
    Map<String, List<String>> targetCells = byFamily(cells(target, START, END));
    TabletDigest below = TabletDigest.of(target, b(""), b(START));
    TabletDigest above = TabletDigest.of(target, b(END), b(""));
    stores.close("B");

    List<String> states = new ArrayList<>();
    for (Kill kill : KILLS) {
      importAndKill(stores.storeDirectory("B"), export, kill);
      TabletStore reopened = stores.open("B");
      Table table = reopened.table("t").orElseThrow();
      assertEquals(below, TabletDigest.of(table, b(""), b(START)), "rows below the range are untouched");
      assertEquals(above, TabletDigest.of(table, b(END), b("")), "rows above the range are untouched");
      // One of the states TabletImporter documents: as before, or each family either empty or imported.
      Map<String, List<String>> left = byFamily(cells(table, START, END));
      List<String> families = new ArrayList<>();
      for (String family : List.of("a", "b", "c")) {
        List<String> cells = left.getOrDefault(family, List.of());
        families.add(family + (cells.equals(targetCells.get(family)) ? " as before"
            : cells.equals(exportedCells.getOrDefault(family, List.of())) ? " imported" : cells.isEmpty() ? " empty"
            : " other"));
      }
      assertTrue(left.equals(targetCells) || families.stream().noneMatch(f -> f.endsWith("as before")
          || f.endsWith("other")), kill + " left " + families);
      states.add(kill + ": " + families);

      TabletImporter.importInto(table, export);
      assertEquals(exported.digest(), TabletDigest.of(table, b(START), b(END)));
      // Back to the state before the import, for the next kill.
      table.deleteRows(b(START), b(END));
      TabletRows.fillTarget(table);
      assertEquals(untouched, TabletDigest.of(table, b(START), b(END)));
      stores.close("B");
    }
    System.out.println("What each kill left in the range: " + states);
  }

  /** Listed cells by family. */
  private static Map<String, List<String>> byFamily(List<String> cells) {
    return cells.stream().collect(Collectors.groupingBy(cell -> cell.substring(cell.indexOf('/') + 1,
        cell.indexOf(':', cell.indexOf('/'))), TreeMap::new, Collectors.toList()));
  }

  /** Runs an import in a child JVM and kills it when {@code kill} says. */
  private static void importAndKill(Path store, Path export, Kill kill) throws Exception {
    Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
        System.getProperty("java.class.path"), ImportInChildProcess.class.getName(), store.toString(),
        export.toString()).redirectErrorStream(true).start();
    try (BufferedReader output = new BufferedReader(new InputStreamReader(child.getInputStream(), UTF_8))) {
      String line;
      do {
        line = output.readLine();
      } while (line != null && !line.equals(kill.line()));
      assertTrue(line != null, "the child said " + kill.line());
      // Not a wait for anything: the delay picks the moment of the kill.
      TimeUnit.MILLISECONDS.sleep(kill.delayMs());
      child.destroyForcibly();
      assertTrue(child.waitFor(60, TimeUnit.SECONDS));
    } finally {
      child.destroyForcibly();
    }
  }

  /** Some 30,000 more cells in the range, so the import takes long enough to be killed in the middle. */
  private static void addRows(Table table, Random random) throws Exception {
    List<RowMutation> rows = new ArrayList<>();
    for (int i = 0; i < 6_000; i++) {
      byte[] value = new byte[100];
      random.nextBytes(value);
      rows.add(RowMutation.forRow(b(String.format("m%05d", i))).add(b("a"), b("q"), 1, PUT, value)
          .add(b("a"), b("q"), 2, PUT, value).add(b("b"), b("x"), 1, PUT, value).add(b("b"), b("y"), 1, PUT, value)
          .add(b("c"), b(""), 1, PUT, value).build());
    }
    table.writeAll(rows, Durability.LOG);
  }
}
