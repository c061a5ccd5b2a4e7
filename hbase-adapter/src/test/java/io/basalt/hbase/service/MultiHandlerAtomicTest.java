package io.basalt.hbase.service;

import io.basalt.hbase.metrics.RequestMetrics;
import io.basalt.hbase.testing.ServedTables;
import io.basalt.storage.data.Waiting;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.CompareOperator;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Append;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.RowMutations;
import org.apache.hadoop.hbase.regionserver.NoSuchColumnFamilyException;
import org.apache.hadoop.hbase.shaded.protobuf.ProtobufUtil;
import org.apache.hadoop.hbase.shaded.protobuf.RequestConverter;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.MultiRequest;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.RegionAction;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import static org.apache.hadoop.hbase.util.Bytes.toBytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Multi's all-or-nothing region actions, as HBase's RSRpcServices.multi answers them: a conditioned one
 * (checkAndMutate) says whether it applied, an atomic one (RowMutations) answers its counters' cells merged under its
 * first index, either fails whole; the pre-2.4 form carries the condition on the request. A failed one's cells are
 * taken off the block all the same.
 */
class MultiHandlerAtomicTest {
  private static final TableName TABLE = TableName.valueOf("t");
  private static final byte[] F = toBytes("f");
  private static final byte[] Q = toBytes("q");
  private static final byte[] COUNTER = toBytes("n");
  private static final byte[] ROW = toBytes("r");

  @TempDir
  Path directory;

  private ServedTables tables;
  private MultiHandler handler;
  private byte[] region;

  @BeforeEach
  void setUp() throws IOException {
    tables = ServedTables.open(directory);
    tables.create(TABLE, List.of(), F);
    handler = new MultiHandler(tables.resolver(), new RequestMetrics(10_000));
    region = tables.regionName(TABLE, 0);
    tables.region(TABLE, 0).mutate(new Put(ROW).addColumn(F, Q, toBytes("old")).addColumn(F, COUNTER, toBytes(40L)),
        0, 0, Waiting.ALLOWED);
  }

  @AfterEach
  void tearDown() {
    tables.close();
  }

  @Test
  void aConditionedActionSaysWhetherItAppliedAndAnswersItsCountersCells() throws IOException {
    RowMutations applied = new RowMutations(ROW).add(List.of(new Put(ROW).addColumn(F, Q, toBytes("new")),
        new Increment(ROW).addColumn(F, COUNTER, 2)));
    RowMutations skipped = new RowMutations(ROW).add(List.of(new Put(ROW).addColumn(F, Q, toBytes("skipped"))));
    MultiCall.Answer answer = new MultiCall()
        .on(region, CheckAndMutate.newBuilder(ROW).ifEquals(F, Q, toBytes("old")).build(applied),
            CheckAndMutate.newBuilder(ROW).ifEquals(F, Q, toBytes("old")).build(skipped),
            CheckAndMutate.newBuilder(ROW).ifNotExists(F, toBytes("absent"))
                .build(new Increment(ROW).addColumn(F, COUNTER, 1)))
        .run(handler);
    assertTrue(answer.region(0).getProcessed());
    assertEquals(2, answer.region(0).getResultOrExceptionCount(), "one answer per action");
    assertEquals(42, Bytes.toLong(answer.result(0, 0).getValue(F, COUNTER)), "the counter's cell, at index 0");
    assertTrue(answer.result(0, 1).isEmpty());
    assertFalse(answer.region(1).getProcessed(), "its condition read the value the first wrote");
    assertTrue(answer.region(2).getProcessed());
    assertEquals(43, Bytes.toLong(answer.result(2, 0).getValue(F, COUNTER)));
    assertEquals("new", Bytes.toString(row().getValue(F, Q)));
  }

  @Test
  void anAtomicActionAnswersItsCountersMergedAtItsFirstIndex() throws IOException {
    RowMutations mutations = new RowMutations(ROW).add(List.of(new Put(ROW).addColumn(F, Q, toBytes("atomic")),
        new Increment(ROW).addColumn(F, COUNTER, 2), new Append(ROW).addColumn(F, toBytes("s"), toBytes("x")),
        new Delete(ROW).addColumns(F, toBytes("gone"))));
    MultiCall.Answer answer = new MultiCall().on(region, mutations).run(handler);
    assertTrue(answer.region(0).getProcessed());
    assertTrue(answer.response().getProcessed(), "what clients before 2.4 read");
    List<Cell> merged = answer.result(0, 0).listCells();
    assertEquals(2, merged.size());
    assertEquals(42, Bytes.toLong(CellUtil.cloneValue(merged.get(0))));
    assertEquals("x", Bytes.toString(CellUtil.cloneValue(merged.get(1))));
    for (int position = 1; position < 4; position++) {
      assertTrue(answer.result(0, position).isEmpty());
      assertEquals(position, answer.index(0, position));
    }
    assertEquals("atomic", Bytes.toString(row().getValue(F, Q)));
  }

  @Test
  void aFailedAtomicOrConditionedActionFailsWholeAndItsCellsAreTaken() throws IOException {
    RowMutations badFamily = new RowMutations(ROW).add(List.of(new Put(ROW).addColumn(F, Q, toBytes("lost")),
        new Put(ROW).addColumn(toBytes("nope"), Q, toBytes("lost"))));
    MultiCall.Answer answer = new MultiCall()
        .on(region, new Put(toBytes("a")).addColumn(F, Q, toBytes("a")), badFamily,
            CheckAndMutate.newBuilder(ROW).ifEquals(F, Q, toBytes("old")).build(badFamily))
        .on(region, new Put(toBytes("b")).addColumn(F, Q, toBytes("b")))
        .run(handler);
    // The client's operations for one region: the plain one first, then each all-or-nothing one on its own.
    assertNull(answer.regionFailure(0));
    assertInstanceOf(NoSuchColumnFamilyException.class, answer.regionFailure(1));
    assertInstanceOf(NoSuchColumnFamilyException.class, answer.regionFailure(2));
    assertNull(answer.regionFailure(3));
    assertEquals("old", Bytes.toString(row().getValue(F, Q)));
    assertEquals("a", value("a"));
    assertEquals("b", value("b"), "its own cell, after two failed actions' cells");
  }

  @Test
  void aGetInAnAtomicActionFailsItWhole() throws IOException {
    MultiCall call = new MultiCall().on(region, new RowMutations(ROW).add(List.of(new Put(ROW).addColumn(F, Q,
        toBytes("lost")))));
    MultiRequest request = call.request();
    RegionAction withGet = request.getRegionAction(0).toBuilder()
        .addAction(ClientProtos.Action.newBuilder().setGet(ProtobufUtil.toGet(new Get(ROW)))).build();
    MultiCall.Answer answer = call.run(handler, request.toBuilder().setRegionAction(0, withGet).build());
    assertInstanceOf(DoNotRetryIOException.class, answer.regionFailure(0));
    assertEquals("old", Bytes.toString(row().getValue(F, Q)));
  }

  @Test
  void aFailedAtomicActionLeavesTheCallUnprocessed() throws IOException {
    RowMutations badFamily = new RowMutations(ROW).add(List.of(new Put(ROW).addColumn(toBytes("nope"), Q,
        toBytes("lost"))));
    MultiCall.Answer answer = new MultiCall().on(region, badFamily).run(handler);
    assertInstanceOf(NoSuchColumnFamilyException.class, answer.regionFailure(0));
    // HBase sets the call's processed flag, which clients before 2.4 read, only once an atomic action applied.
    assertFalse(answer.response().hasProcessed());
  }

  @Test
  void thePre24FormCarriesItsConditionOnTheRequest() throws IOException {
    RowMutations mutations = new RowMutations(ROW).add(List.of(new Put(ROW).addColumn(F, Q, toBytes("new")),
        new Delete(ROW).addColumns(F, COUNTER)));
    // RequestConverter puts these mutations' cells in the request message, so the call has no cell block.
    MultiCall.Answer skipped = new MultiCall().run(handler, pre24(RequestConverter.buildMultiRequest(region, ROW, F,
        Q, CompareOperator.EQUAL, toBytes("other"), null, null, mutations, 0, 0, false)));
    assertFalse(skipped.response().getProcessed());
    assertEquals("old", Bytes.toString(row().getValue(F, Q)));

    MultiCall.Answer applied = new MultiCall().run(handler, pre24(RequestConverter.buildMultiRequest(region, ROW, F,
        Q, CompareOperator.EQUAL, toBytes("old"), null, null, mutations, 0, 0, false)));
    assertTrue(applied.response().getProcessed());
    assertEquals(2, applied.region(0).getResultOrExceptionCount());
    Result row = row();
    assertEquals("new", Bytes.toString(row.getValue(F, Q)));
    assertNull(row.getValue(F, COUNTER));

    MultiRequest nothing = MultiRequest.newBuilder().setCondition(pre24(RequestConverter.buildMultiRequest(region,
        ROW, F, Q, CompareOperator.EQUAL, toBytes("x"), null, null, mutations, 0, 0, false)).getCondition()).build();
    MultiCall.Answer empty = new MultiCall().run(handler, nothing);
    assertTrue(empty.response().getProcessed(), "nothing to do is done");
    assertEquals(0, empty.response().getRegionActionResultCount());
  }

  /** The form clients before 2.4 send: the condition on the request, its one region action atomic. */
  private static MultiRequest pre24(MultiRequest request) {
    RegionAction action = request.getRegionAction(0);
    return request.toBuilder().setCondition(action.getCondition())
        .setRegionAction(0, action.toBuilder().clearCondition().setAtomic(true)).build();
  }

  private Result row() throws IOException {
    return tables.region(TABLE, 0).get(new Get(ROW), Waiting.ALLOWED);
  }

  private String value(String row) throws IOException {
    return Bytes.toString(tables.region(TABLE, 0).get(new Get(toBytes(row)), Waiting.ALLOWED).getValue(F, Q));
  }
}
