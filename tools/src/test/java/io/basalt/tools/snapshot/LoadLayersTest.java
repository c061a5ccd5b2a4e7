package io.basalt.tools.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

class LoadLayersTest {
  private static final byte[] D = Bytes.toBytes("d");
  private static final byte[] T = Bytes.toBytes("t");

  @Test
  void filesOfDisjointTimeRangesLoadInOneCall() {
    List<List<String>> loads = loads(List.of(file(D, "flush2", 20, 200, 299), file(D, "flush1", 10, 100, 199),
        file(T, "t1", 11, 100, 150)));
    assertEquals(List.of(List.of("d:flush1", "d:flush2", "t:t1")), loads);
  }

  @Test
  void aNewerFileOverlappingAnOlderOneLoadsAfterIt() {
    // flush3 overlaps flush1 (150) and so loads after it; flush2 overlaps neither and joins the first call.
    List<List<String>> loads = loads(List.of(file(D, "flush3", 30, 150, 160), file(D, "flush2", 20, 200, 299),
        file(D, "flush1", 10, 100, 150), file(T, "t1", 5, 0, 1_000), file(T, "t2", 6, 500, 500)));
    assertEquals(List.of(List.of("d:flush1", "d:flush2", "t:t1"), List.of("d:flush3", "t:t2")), loads);
  }

  @Test
  void overlapsChainIntoAsManyCallsAsNeeded() {
    List<List<String>> loads = loads(List.of(file(D, "a", 1, 0, 10), file(D, "b", 2, 10, 20),
        file(D, "c", 3, 20, 30), file(D, "d", 4, 40, 50)));
    assertEquals(List.of(List.of("d:a", "d:d"), List.of("d:b"), List.of("d:c")), loads);
  }

  @Test
  void equalSequenceIdsAreOrderedByBulkLoadTimeAndEmptyFilesAreLeftOut() {
    LoadFile later = new LoadFile(D, new Path("/x/later"), "later", 5, 1, 0, 10, 7, 2_000, false);
    LoadFile earlier = new LoadFile(D, new Path("/x/earlier"), "earlier", 5, 1, 0, 10, 7, 1_000, false);
    LoadFile empty = new LoadFile(D, new Path("/x/empty"), "empty", 0, 1, Long.MAX_VALUE, Long.MIN_VALUE, 9, 0,
        true);
    assertEquals(List.of(List.of("d:earlier"), List.of("d:later")), loads(List.of(later, empty, earlier)));
  }

  private static LoadFile file(byte[] family, String name, long sequenceId, long oldest, long newest) {
    return new LoadFile(family, new Path("/export/" + Bytes.toString(family) + "/" + name), name, 10, 100, oldest,
        newest, sequenceId, 0, false);
  }

  /** Each call's files as family:name, families in order, files oldest first. */
  private static List<List<String>> loads(List<LoadFile> files) {
    List<List<String>> loads = new ArrayList<>();
    for (Map<byte[], List<Path>> call : LoadLayers.of(files)) {
      List<String> names = new ArrayList<>();
      call.forEach((family, paths) -> paths.forEach(path -> names.add(Bytes.toString(family) + ":" + path.getName())));
      loads.add(names);
    }
    return loads;
  }
}
