package io.basalt.hbase.service;

import io.basalt.hbase.metrics.RequestMetrics;
import io.basalt.hbase.region.Region;
import io.basalt.hbase.testing.ForwardingRegion;
import io.basalt.hbase.testing.ServedTables;
import io.basalt.hbase.write.MutationOutcome;
import io.basalt.hbase.write.NoncedMutation;
import io.basalt.storage.data.Waiting;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.NotServingRegionException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.RegionInfoBuilder;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.exceptions.UnknownProtocolException;
import org.apache.hadoop.hbase.regionserver.NoSuchColumnFamilyException;
import org.apache.hadoop.hbase.shaded.protobuf.ProtobufUtil;
import org.apache.hadoop.hbase.shaded.protobuf.RequestConverter;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.RegionAction;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hbase.thirdparty.com.google.protobuf.ByteString;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Multi's plain region actions, as HBase's RSRpcServices.multi answers them: one result per region action, one
 * answer per action under the index the client gave it, an action that fails failing alone, a region that cannot be
 * served failing whole while the others go on; and every mutation's cells taken off the shared block exactly once,
 * so that no action ever reads another's.
 */
class MultiHandlerTest {
  private static final TableName TABLE = TableName.valueOf("t");
  private static final byte[] F = toBytes("f");
  private static final byte[] Q = toBytes("q");

  @TempDir
  Path directory;

  private ServedTables tables;
  private MultiHandler handler;
  private byte[] low;
  private byte[] high;

  @BeforeEach
  void setUp() throws IOException {
    tables = ServedTables.open(directory);
    tables.create(TABLE, List.of(toBytes("m")), F);
    handler = new MultiHandler(tables.resolver(), new RequestMetrics(10_000));
    low = tables.regionName(TABLE, 0);
    high = tables.regionName(TABLE, 1);
    for (String row : List.of("a", "c", "m", "n")) {
      Region region = tables.region(TABLE, row.compareTo("m") < 0 ? 0 : 1);
      region.mutate(new Put(toBytes(row)).addColumn(F, Q, toBytes(row)), 0, 0, Waiting.ALLOWED);
    }
  }

  @AfterEach
  void tearDown() {
    tables.close();
  }

  @Test
  void eachRegionAnswersEachActionUnderItsIndex() throws IOException {
    MultiCall.Answer answer = new MultiCall()
        .on(low, new Get(toBytes("a")), new Put(toBytes("b")).addColumn(F, Q, toBytes("b")),
            new Increment(toBytes("c")).addColumn(F, toBytes("n"), 5))
        .on(high, new Get(toBytes("m")), new Delete(toBytes("n")), new Get(toBytes("zz")))
        .run(handler);
    for (int position = 0; position < 3; position++) {
      assertEquals(position, answer.index(0, position));
      assertEquals(3 + position, answer.index(1, position));
    }
    assertEquals("a", value(answer.result(0, 0)));
    assertTrue(answer.result(0, 1).isEmpty());
    assertEquals(5, Bytes.toLong(answer.result(0, 2).getValue(F, toBytes("n"))));
    assertEquals("m", value(answer.result(1, 0)));
    assertTrue(answer.result(1, 1).isEmpty());
    assertTrue(answer.result(1, 2).isEmpty(), "a row never written");
    assertEquals("b", value(get("b")));
    assertTrue(get("n").isEmpty());
  }

  @Test
  void anActionThatFailsFailsAloneUnderItsIndex() throws IOException {
    tables.region(TABLE, 0).mutate(new Put(toBytes("c")).addColumn(F, toBytes("text"), toBytes("text")), 0, 0,
        Waiting.ALLOWED);
    ClientProtos.Get closestRowBefore = ProtobufUtil.toGet(new Get(toBytes("a"))).toBuilder()
        .setClosestRowBefore(true).build();
    MultiCall.Answer answer = new MultiCall()
        .on(low, new Put(toBytes("b")).addColumn(F, Q, toBytes("b")),
            new Put(toBytes("bb")).addColumn(toBytes("nope"), Q, toBytes("bb")),
            new Increment(toBytes("c")).addColumn(F, toBytes("text"), 1),
            new Get(toBytes("a")).addFamily(toBytes("nope")),
            new Put(toBytes("d")).addColumn(F, Q, toBytes("d")))
        .on(RequestConverter.getRegionActionBuilderWithRegion(RegionAction.newBuilder(), high)
            .addAction(ClientProtos.Action.newBuilder().setIndex(5).setGet(closestRowBefore))
            .addAction(ClientProtos.Action.newBuilder().setIndex(6).setGet(ProtobufUtil.toGet(new Get(toBytes("m")))))
            .build())
        .run(handler);
    assertNull(answer.regionFailure(0));
    assertTrue(answer.result(0, 0).isEmpty());
    assertInstanceOf(NoSuchColumnFamilyException.class, answer.error(0, 1));
    assertInstanceOf(DoNotRetryIOException.class, answer.error(0, 2), "not a long");
    assertInstanceOf(NoSuchColumnFamilyException.class, answer.error(0, 3));
    assertTrue(answer.result(0, 4).isEmpty());
    assertEquals(List.of(0, 1, 2, 3, 4), List.of(answer.index(0, 0), answer.index(0, 1), answer.index(0, 2),
        answer.index(0, 3), answer.index(0, 4)));
    assertInstanceOf(UnknownProtocolException.class, answer.error(1, 0), "removed in HBase 2.0");
    assertEquals(5, answer.index(1, 0));
    assertEquals("m", value(answer.result(1, 1)));
    assertEquals("b", value(get("b")));
    assertEquals("d", value(get("d")));
    assertTrue(get("bb").isEmpty());
  }

  @Test
  void getsDoNotSeeThePutsGatheredBeforeThemButIncrementsDo() throws IOException {
    // As HBase: Puts and Deletes are gathered and applied before the next Increment or Append, or at the end.
    MultiCall.Answer answer = new MultiCall()
        .on(low, new Put(toBytes("k")).addColumn(F, Q, toBytes("k")), new Get(toBytes("k")),
            new Put(toBytes("k")).addColumn(F, toBytes("n"), toBytes(10L)),
            new Increment(toBytes("k")).addColumn(F, toBytes("n"), 1), new Get(toBytes("k")))
        .run(handler);
    assertTrue(answer.result(0, 1).isEmpty());
    assertEquals(11, Bytes.toLong(answer.result(0, 3).getValue(F, toBytes("n"))));
    assertEquals("k", value(answer.result(0, 4)));
  }

  @Test
  void aCoprocessorCallIsRefusedAloneWithUnknownProtocolException() throws IOException {
    ClientProtos.CoprocessorServiceCall call = ClientProtos.CoprocessorServiceCall.newBuilder()
        .setRow(ByteString.copyFrom(toBytes("a"))).setServiceName("example.CountService").setMethodName("count")
        .setRequest(ByteString.EMPTY).build();
    MultiCall.Answer answer = new MultiCall()
        .on(RequestConverter.getRegionActionBuilderWithRegion(RegionAction.newBuilder(), low)
            .addAction(ClientProtos.Action.newBuilder().setIndex(0).setServiceCall(call))
            .addAction(ClientProtos.Action.newBuilder().setIndex(1).setGet(ProtobufUtil.toGet(new Get(toBytes("a")))))
            .build())
        .run(handler);
    assertInstanceOf(UnknownProtocolException.class, answer.error(0, 0));
    assertTrue(answer.error(0, 0).getMessage().contains("example.CountService"));
    assertEquals("a", value(answer.result(0, 1)));
  }

  @Test
  void aRegionNotServedFailsWholeAndTheNextRegionsReadTheirOwnCells() throws IOException {
    byte[] gone = RegionInfoBuilder.newBuilder(TableName.valueOf("gone")).build().getRegionName();
    MultiCall.Answer answer = new MultiCall()
        .on(gone, new Put(toBytes("x")).addColumn(F, Q, toBytes("x1")).addColumn(F, toBytes("q2"), toBytes("x2")),
            new Get(toBytes("x")), new Increment(toBytes("y")).addColumn(F, Q, 1))
        .on(low, new Put(toBytes("b")).addColumn(F, Q, toBytes("b")))
        .on(gone, new Delete(toBytes("z")).addColumn(F, Q, 5))
        .on(high, new Put(toBytes("o")).addColumn(F, Q, toBytes("o")), new Get(toBytes("m")))
        .run(handler);
    assertInstanceOf(NotServingRegionException.class, answer.regionFailure(0));
    assertInstanceOf(NotServingRegionException.class, answer.regionFailure(2));
    assertNull(answer.regionFailure(1));
    assertEquals("b", value(get("b")), "its own cell, not the unserved region's");
    assertEquals("o", value(get("o")));
    assertEquals("m", value(answer.result(3, 1)));
  }

  @Test
  void theCellsOfARegionAbandonedPartWayAreTakenBackOffTheResponse() throws IOException {
    // A region that stops serving after its first read, as when its table goes while the call runs: its answers so
    // far are abandoned with it, and their cells must not be read as the next region's.
    RegionInfo name = RegionInfoBuilder.newBuilder(TableName.valueOf("stopping")).build();
    Region stopping = new ForwardingRegion(tables.region(TABLE, 0), name) {
      @Override
      public List<MutationOutcome> mutateBatch(List<NoncedMutation> mutations, long nonceGroup, Waiting waiting)
          throws NotServingRegionException {
        throw new NotServingRegionException(name.getRegionNameAsString() + " is closing");
      }
    };
    MultiHandler served = new MultiHandler(tables.resolverAlsoServing(stopping), new RequestMetrics(10_000));
    MultiCall.Answer answer = new MultiCall()
        .on(name.getRegionName(), new Get(toBytes("a")), new Get(toBytes("c")),
            new Put(toBytes("b")).addColumn(F, Q, toBytes("b")))
        .on(high, new Get(toBytes("n")))
        .run(served);
    assertInstanceOf(NotServingRegionException.class, answer.regionFailure(0));
    assertEquals("n", value(answer.result(1, 0)), "the next region's result reads its own cells");
    assertTrue(get("b").isEmpty());
  }

  private Result get(String row) throws IOException {
    return tables.region(TABLE, row.compareTo("m") < 0 ? 0 : 1).get(new Get(toBytes(row)), Waiting.ALLOWED);
  }

  private static String value(Result result) {
    return Bytes.toString(result.getValue(F, Q));
  }
}
