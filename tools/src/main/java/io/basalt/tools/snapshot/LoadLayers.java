package io.basalt.tools.snapshot;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Splits one region's files into bulk loads, run one after the other, so that where two files of a family hold a
 * cell of the same coordinates (row, column, timestamp and type: a cell written again, or a delete marker repeated,
 * with the same timestamp), the newer file's cell is the one kept, as HBase's reads keep the cell of the file with
 * the higher sequence id.
 *
 * <p>Why several loads: the server keeps, of equal cells in one load, the one of the file the request names first,
 * but HBase's bulk load tool groups a region's files in a hash multimap, so the order of a request's files is not
 * the caller's. Each later load's cells stand above the earlier loads' (Basalt's bulk load, as HBase's, puts loaded
 * cells above what the table holds), so the files go oldest first. Two files can only hold equal cells where their
 * time ranges (which every HBase-written HFile records) overlap: a file goes into the load after the latest one
 * holding an older file of its family whose time range overlaps its own, else into the first. A table whose cells
 * took the servers' clock, each flush's range after the last's, loads each region in one call, atomically.
 */
final class LoadLayers {
  /** HBase's order of a family's files: by sequence id, then by bulk load time, then by name. */
  private static final Comparator<LoadFile> OLDEST_FIRST = Comparator.comparingLong(LoadFile::sequenceId)
      .thenComparingLong(LoadFile::bulkLoadTime).thenComparing(file -> file.path().getName());

  private LoadLayers() {}

  /** The loads for a region's files, in the order they must run: each maps a family to its files. */
  static List<Map<byte[], List<Path>>> of(List<LoadFile> files) {
    Map<byte[], List<LoadFile>> byFamily = new TreeMap<>(Bytes.BYTES_COMPARATOR);
    for (LoadFile file : files) {
      if (file.cells() > 0) { // HBase's tool passes empty files over; they would only cost a call
        byFamily.computeIfAbsent(file.family(), family -> new ArrayList<>()).add(file);
      }
    }
    List<Map<byte[], List<Path>>> layers = new ArrayList<>();
    for (Map.Entry<byte[], List<LoadFile>> family : byFamily.entrySet()) {
      List<LoadFile> ordered = new ArrayList<>(family.getValue());
      ordered.sort(OLDEST_FIRST);
      int[] layerOf = new int[ordered.size()];
      for (int i = 0; i < ordered.size(); i++) {
        int layer = 0;
        for (int older = 0; older < i; older++) {
          if (overlap(ordered.get(older), ordered.get(i))) {
            layer = Math.max(layer, layerOf[older] + 1);
          }
        }
        layerOf[i] = layer;
        while (layers.size() <= layer) {
          layers.add(new TreeMap<>(Bytes.BYTES_COMPARATOR));
        }
        layers.get(layer).computeIfAbsent(family.getKey(), name -> new ArrayList<>()).add(ordered.get(i).path());
      }
    }
    return layers.stream().map(layer -> (Map<byte[], List<Path>>) new LinkedHashMap<>(layer)).toList();
  }

  /** Whether two files may hold a cell of the same timestamp. */
  private static boolean overlap(LoadFile a, LoadFile b) {
    return a.oldest() <= b.newest() && b.oldest() <= a.newest();
  }
}
