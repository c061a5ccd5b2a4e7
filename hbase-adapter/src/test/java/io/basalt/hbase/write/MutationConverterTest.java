package io.basalt.hbase.write;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.basalt.storage.data.RowMutation;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionInfoBuilder;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.regionserver.NoSuchColumnFamilyException;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

/** How client mutations become stored cells: timestamps, whole-row deletes and latest-version deletes. */
class MutationConverterTest {
  private static final TableName TABLE = TableName.valueOf("t");
  private static final TableDescriptor SCHEMA = TableDescriptorBuilder.newBuilder(TABLE)
      .setColumnFamily(ColumnFamilyDescriptorBuilder.of("a"))
      .setColumnFamily(ColumnFamilyDescriptorBuilder.of("b"))
      .build();
  private static final long NOW = 5_000L;
  private static final MutationConverter.VersionLookup NONE = (row, family, qualifier, nth) -> null;

  private final MutationConverter converter =
      new MutationConverter(SCHEMA, RegionInfoBuilder.newBuilder(TABLE).build());

  @Test
  void latestTimestampBecomesTheServerClock() throws IOException {
    RowMutation mutation = converter.convert(new Put(toBytes("r"))
        .addColumn(toBytes("a"), toBytes("q"), toBytes("v"))
        .addColumn(toBytes("a"), toBytes("p"), 7L, toBytes("v")), NOW, NONE);
    assertEquals(List.of("a:q@5000/4", "a:p@7/4"), describe(mutation));
  }

  @Test
  void deleteWithoutColumnsMarksEveryFamily() throws IOException {
    RowMutation mutation = converter.convert(new Delete(toBytes("r")), NOW, NONE);
    int family = KeyValue.Type.DeleteFamily.getCode();
    assertEquals(List.of("a:@5000/" + family, "b:@5000/" + family), describe(mutation));
  }

  @Test
  void latestVersionDeleteTargetsTheNthNewestExistingVersion() throws IOException {
    List<Long> existing = List.of(40L, 30L);
    MutationConverter.VersionLookup lookup =
        (row, family, qualifier, nth) -> nth <= existing.size() ? existing.get(nth - 1) : null;
    Delete delete = new Delete(toBytes("r")).addColumn(toBytes("a"), toBytes("q")).addColumn(toBytes("a"),
        toBytes("q")).addColumn(toBytes("a"), toBytes("q"));
    int type = KeyValue.Type.Delete.getCode();
    // Two versions exist: the third delete of the column has nothing to target and is stamped with now.
    assertEquals(List.of("a:q@40/" + type, "a:q@30/" + type, "a:q@5000/" + type),
        describe(converter.convert(delete, NOW, lookup)));
  }

  @Test
  void invalidMutationsAreRefused() {
    assertThrows(NoSuchColumnFamilyException.class, () -> converter.convert(
        new Put(toBytes("r")).addColumn(toBytes("zz"), toBytes("q"), toBytes("v")), NOW, NONE));
    assertThrows(DoNotRetryIOException.class, () -> converter.convert(new Put(toBytes("r")), NOW, NONE));
  }

  private static List<String> describe(RowMutation mutation) {
    List<String> out = new ArrayList<>();
    for (RowMutation.CellWrite cell : mutation.cells()) {
      out.add(Bytes.toString(cell.family()) + ":" + Bytes.toString(cell.qualifier()) + "@" + cell.timestamp() + "/"
          + cell.type());
    }
    return out;
  }
}
