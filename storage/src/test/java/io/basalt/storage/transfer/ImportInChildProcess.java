package io.basalt.storage.transfer;

import io.basalt.storage.StoreOptions;
import io.basalt.storage.Table;
import io.basalt.storage.TabletStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;

/**
 * Imports an export into table {@code t} of a store, in a JVM of its own that {@link ImportCrashTest} kills part way:
 * {@code ImportInChildProcess STORE EXPORT}. Prints {@code importing} just before the import starts, and
 * {@code staged} as soon as the import's staging directory appears (the export has been checked, and the deletion
 * and ingestion are about to start), so the test can aim its kill at either phase.
 */
public final class ImportInChildProcess {
  private ImportInChildProcess() {}

  public static void main(String[] args) throws Exception {
    Path export = Path.of(args[1]);
    try (TabletStore store = TabletStore.open(Path.of(args[0]), StoreOptions.defaults())) {
      Table table = store.table("t").orElseThrow();
      System.out.println("importing");
      System.out.flush();
      CompletableFuture<ExportManifest> imported = CompletableFuture.supplyAsync(() -> {
        try {
          return TabletImporter.importInto(table, export);
        } catch (Exception e) {
          throw new IllegalStateException(e);
        }
      });
      Path staging = export.resolve(TabletImporter.STAGING);
      while (!Files.isDirectory(staging) && !imported.isDone()) {
        Thread.onSpinWait();
      }
      System.out.println("staged");
      System.out.flush();
      imported.join();
      System.out.println("imported");
    }
  }
}
