package io.basalt.conformance.differential;

import java.io.IOException;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.util.Bytes;

/** A Get drawn once: its row, read shape, optional filter and whether it asks only whether the row exists. */
record GetSpec(byte[] row, ReadShape shape, FilterGenerator.FilterSpec filter, boolean existenceOnly) {
  static GetSpec random(Vocabulary words, FilterGenerator filters, byte[] row) {
    return new GetSpec(row, new ReadShape(words), words.chance(40) ? filters.any() : null, words.chance(5));
  }

  Get build() throws IOException {
    Get get = new Get(row);
    shape.applyTo(get);
    if (filter != null) {
      get.setFilter(filter.build().get());
    }
    if (existenceOnly) {
      get.setCheckExistenceOnly(true);
    }
    return get;
  }

  @Override
  public String toString() {
    return Bytes.toString(row) + " " + shape + (filter == null ? "" : " filter=" + filter)
        + (existenceOnly ? " existenceOnly" : "");
  }
}
