package io.basalt.hbase.write;

import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.basalt.hbase.read.CellTtls;
import io.basalt.storage.data.RowMutation;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionInfo;
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

  private static final RegionInfo REGION = RegionInfoBuilder.newBuilder(TABLE).build();

  private final MutationConverter converter = new MutationConverter(SCHEMA, REGION, family -> false);

  @Test
  void latestTimestampBecomesTheServerClock() throws IOException {
    RowMutation mutation = alone(new Put(toBytes("r"))
        .addColumn(toBytes("a"), toBytes("q"), toBytes("v"))
        .addColumn(toBytes("a"), toBytes("p"), 7L, toBytes("v")));
    assertEquals(List.of("a:q@5000/4", "a:p@7/4"), describe(mutation));
  }

  @Test
  void deleteWithoutColumnsMarksEveryFamily() throws IOException {
    RowMutation mutation = alone(new Delete(toBytes("r")));
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
        describe(converter.convert(delete, NOW, lookup, new OneWrite())));
  }

  @Test
  void invalidMutationsAreRefused() {
    NoSuchColumnFamilyException unknown = assertThrows(NoSuchColumnFamilyException.class, () -> alone(
        new Put(toBytes("r")).addColumn(toBytes("zz"), toBytes("q"), toBytes("v"))));
    // HBase's message, which the REST and Thrift gateways hand their clients: the table is its whole descriptor
    // ('t', {TABLE_ATTRIBUTES => {}}, {NAME => 'a', VERSIONS => '1', ...}, ...).
    assertEquals("Column family zz does not exist in region " + REGION.getRegionNameAsString() + " in table "
        + SCHEMA, unknown.getMessage());
    assertThrows(DoNotRetryIOException.class, () -> alone(new Put(toBytes("r"))));
  }

  @Test
  void aPutWithItsOwnTtlIsStoredUnderItsTypeWithTheTtlBeforeTheValueAndErasesThePlainPut() throws IOException {
    Put put = new Put(toBytes("r")).addColumn(toBytes("a"), toBytes("q"), 7L, toBytes("v"));
    put.setTTL(60_000);
    RowMutation mutation = alone(put);
    assertEquals(List.of("a:q@7/3"), describe(mutation));
    assertEquals(List.of("a:q@7/4"), erased(mutation));
    byte[] stored = mutation.cells().get(0).value();
    assertEquals(60_000L, CellTtls.storedTtl(stored));
    assertEquals("v", Bytes.toString(stored, CellTtls.valueOffset(), stored.length - CellTtls.valueOffset()));
  }

  @Test
  void aPlainPutErasesTheTtlPutOnlyInFamiliesRecordedAsHoldingThem() throws IOException {
    MutationConverter recordedA = new MutationConverter(SCHEMA, RegionInfoBuilder.newBuilder(TABLE).build(),
        family -> Bytes.equals(family, toBytes("a")));
    Put put = new Put(toBytes("r")).addColumn(toBytes("a"), toBytes("q"), 7L, toBytes("v"))
        .addColumn(toBytes("b"), toBytes("q"), 7L, toBytes("v"));
    RowMutation mutation = recordedA.convert(put, NOW, NONE, new OneWrite());
    assertEquals(List.of("a:q@7/4", "b:q@7/4"), describe(mutation));
    assertEquals(List.of("a:q@7/3"), erased(mutation));
    assertEquals(List.of(), erased(alone(put)), "no family recorded: nothing erased");
  }

  @Test
  void aPutWhoseTtlRanOutBeforeItWasWrittenChangesNothing() throws IOException {
    Put put = new Put(toBytes("r")).addColumn(toBytes("a"), toBytes("q"), 7L, toBytes("v"));
    put.setTTL(NOW - 8); // expired at NOW - 1
    RowMutation mutation = alone(put);
    assertEquals(List.of(), describe(mutation));
    assertEquals(List.of(), erased(mutation), "an older put of the coordinates stays, as behind HBase's");
  }

  @Test
  void aPutWhoseTtlRanOutTakesThePlaceOfTheSameCallsEarlierPutsAtItsCoordinates() throws IOException {
    OneWrite call = new OneWrite();
    call.add(alone(new Put(toBytes("other")).addColumn(toBytes("a"), toBytes("q"), 7L, toBytes("o"))));
    Put withTtl = new Put(toBytes("r")).addColumn(toBytes("a"), toBytes("q"), 7L, toBytes("v1"))
        .addColumn(toBytes("a"), toBytes("p"), 7L, toBytes("kept"));
    withTtl.setTTL(60_000);
    call.add(converter.convert(withTtl, NOW, NONE, call));
    call.add(converter.convert(new Put(toBytes("r")).addColumn(toBytes("a"), toBytes("q"), 7L, toBytes("v2")), NOW,
        NONE, call));
    Put expired = new Put(toBytes("r")).addColumn(toBytes("a"), toBytes("q"), 7L, toBytes("v3"));
    expired.setTTL(NOW - 8);
    call.add(converter.convert(expired, NOW, NONE, call));

    List<RowMutation> written = call.mutations();
    assertEquals(List.of("a:q@7/4"), describe(written.get(0)), "another row's put at the coordinates stays");
    assertEquals(List.of("a:p@7/3"), describe(written.get(1)));
    assertEquals(List.of("a:p@7/4"), erased(written.get(1)), "only the erasure that came with a withdrawn put goes");
    assertEquals(List.of(), describe(written.get(2)));
    assertEquals(List.of(), describe(written.get(3)));
  }

  @Test
  void aFailingPutWithdrawsNothingOfItsCall() throws IOException {
    OneWrite call = new OneWrite();
    call.add(alone(new Put(toBytes("r")).addColumn(toBytes("a"), toBytes("q"), 7L, toBytes("v1"))));
    Put failing = new Put(toBytes("r")).addColumn(toBytes("a"), toBytes("q"), 7L, toBytes("v2"))
        .addColumn(toBytes("zz"), toBytes("q"), 7L, toBytes("v2"));
    failing.setTTL(NOW - 8);
    assertThrows(NoSuchColumnFamilyException.class, () -> converter.convert(failing, NOW, NONE, call));
    assertEquals(List.of("a:q@7/4"), describe(call.mutations().get(0)));
  }

  @Test
  void aTtlAttributeThatIsNotALongIsRefused() {
    Put put = new Put(toBytes("r")).addColumn(toBytes("a"), toBytes("q"), toBytes("v"));
    put.setAttribute("_ttl", new byte[] {1, 2, 3});
    assertThrows(DoNotRetryIOException.class, () -> alone(put));
  }

  private RowMutation alone(Mutation mutation) throws IOException {
    return converter.convert(mutation, NOW, NONE, new OneWrite());
  }

  private static List<String> erased(RowMutation mutation) {
    List<String> out = new ArrayList<>();
    for (RowMutation.CellErasure cell : mutation.erasures()) {
      out.add(Bytes.toString(cell.family()) + ":" + Bytes.toString(cell.qualifier()) + "@" + cell.timestamp() + "/"
          + cell.type());
    }
    return out;
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
