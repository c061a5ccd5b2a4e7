package io.basalt.storage;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.rocksdb.util.Environment;

/** RocksDB's library is mapped from the per-user copy, not from a fresh temporary file a killed process would leave. */
class RocksLibraryTest {
  @Test
  void theLibraryIsLoadedFromTheKeptCopy() throws Exception {
    Path maps = Path.of("/proc/self/maps");
    assumeTrue(Files.isReadable(maps), "needs Linux's /proc to see which file the library was mapped from");
    RocksLibrary.load();
    RocksLibrary.load();
    String kept = Path.of(System.getProperty("java.io.tmpdir"), "basalt-" + System.getProperty("user.name"))
        .toString();
    String library = Environment.getJniLibraryFileName("rocksdbjni");
    boolean mappedFromKeptCopy = Files.readAllLines(maps).stream()
        .anyMatch(line -> line.contains(kept) && line.endsWith("/" + library));
    assertTrue(mappedFromKeptCopy, "no mapping of " + kept + "/.../" + library);
  }
}
