package io.basalt.benchmarks.runner.bulkload;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InputCopiesTest {
  @TempDir
  Path work;

  @Test
  void aCopyIsHardLinksUnderTheSameNamesAndWhatALoadLeavesIsCounted() throws Exception {
    Path originals = Files.createDirectories(work.resolve("input/f"));
    Files.writeString(originals.resolve("region-000"), "first");
    Files.writeString(originals.resolve("region-001"), "second");
    InputCopies input = new InputCopies(work.resolve("input"));

    Path copy = input.link(work.resolve("copies/one"));

    assertEquals(Files.readAttributes(originals.resolve("region-000"), "unix:ino"),
        Files.readAttributes(copy.resolve("f/region-000"), "unix:ino"), "a link, not a copy");
    assertEquals(2, Files.getAttribute(originals.resolve("region-001"), "unix:nlink"));
    assertEquals(11, input.bytes());
    Files.delete(copy.resolve("f/region-000"));
    assertEquals(List.of(copy.resolve("f/region-001")), InputCopies.left(copy));
    assertEquals("first", Files.readString(originals.resolve("region-000")), "the original stays");
    assertEquals(List.of(), InputCopies.left(work.resolve("never-made")));
  }
}
