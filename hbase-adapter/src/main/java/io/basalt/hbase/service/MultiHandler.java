package io.basalt.hbase.service;

import io.basalt.hbase.metrics.RequestMetrics;
import io.basalt.hbase.region.Region;
import io.basalt.hbase.region.RegionResolver;
import io.basalt.hbase.rpc.CallContext;
import io.basalt.hbase.security.DataPermissions;
import io.basalt.hbase.write.MutationOutcome;
import io.basalt.hbase.write.NoncedMutation;
import io.basalt.storage.data.Waiting;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellScanner;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.NotServingRegionException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Append;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.CheckAndMutateResult;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.exceptions.UnknownProtocolException;
import org.apache.hadoop.hbase.security.AccessDeniedException;
import org.apache.hadoop.hbase.shaded.protobuf.ProtobufUtil;
import org.apache.hadoop.hbase.shaded.protobuf.ResponseConverter;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.Action;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.Condition;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.MultiRegionLoadStats;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.MultiRequest;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.MultiResponse;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.MutationProto;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.RegionAction;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.RegionActionResult;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.ResultOrException;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos;

/**
 * ClientService.Multi: batches grouped by region. Answers one RegionActionResult per RegionAction and one
 * ResultOrException per Action. A RegionAction is one of three kinds, as in HBase: conditioned (checkAndMutate,
 * possibly of several mutations), atomic (mutateRow), or a plain batch in which Gets run as they come, Puts and
 * Deletes are gathered and applied together, and each Increment or Append runs alone after the Puts and Deletes
 * gathered before it. Mutation cells arrive in one shared cell block in action order, so every action's cells are
 * taken off the block exactly once, even when the action or its whole region fails.
 */
final class MultiHandler {
  /** A Put's or Delete's answer in a batch: HBase's is the empty message (not a Result saying it is not stale). */
  private static final ClientProtos.Result EMPTY_RESULT = ClientProtos.Result.getDefaultInstance();

  private final RegionResolver regions;
  private final RequestMetrics metrics;

  MultiHandler(RegionResolver regions, RequestMetrics metrics) {
    this.regions = regions;
    this.metrics = metrics;
  }

  /**
   * Whether a batch is short: it touches one row all or nothing (a single region action that is conditioned,
   * atomic or holds a single action; only such a batch can stop, where it would wait, with nothing done) and runs
   * no filter.
   */
  static boolean isShort(MultiRequest request) {
    if (request.getRegionActionCount() != 1 || request.getCondition().hasFilter()) {
      return false;
    }
    RegionAction regionAction = request.getRegionAction(0);
    if (regionAction.getCondition().hasFilter()) {
      return false;
    }
    for (Action action : regionAction.getActionList()) {
      if (action.getGet().hasFilter()) {
        return false;
      }
    }
    return request.hasCondition() || regionAction.hasCondition() || regionAction.getAtomic()
        || regionAction.getActionCount() == 1;
  }

  MultiResponse multi(CallContext call, MultiRequest request) throws IOException {
    CellScanner cells = call.requestCells();
    long nonceGroup = request.hasNonceGroup() ? request.getNonceGroup() : HConstants.NO_NONCE;
    MultiResponse.Builder response = MultiResponse.newBuilder();
    if (request.hasCondition()) {
      // The pre-2.4 form: one atomic RegionAction under a condition carried by the request.
      if (request.getRegionActionCount() == 0) {
        return response.setProcessed(true).build();
      }
      RegionAction action = request.getRegionAction(0);
      RegionActionResult result = conditioned(call, action, takeCells(action, cells), request.getCondition(),
          nonceGroup);
      return response.setProcessed(result.getProcessed()).addRegionActionResult(result).build();
    }
    for (RegionAction regionAction : request.getRegionActionList()) {
      List<List<Cell>> actionCells = takeCells(regionAction, cells);
      int cellMark = call.responseCellCount();
      RegionActionResult result;
      if (regionAction.hasCondition()) {
        result = conditioned(call, regionAction, actionCells, regionAction.getCondition(), nonceGroup);
      } else if (regionAction.getAtomic()) {
        result = atomic(call, regionAction, actionCells, nonceGroup);
        if (!result.hasException()) {
          // What clients before 2.4 read; HBase sets it once an atomic action has applied, never for a failed one.
          response.setProcessed(true);
        }
      } else {
        result = plain(call, regionAction, actionCells, nonceGroup);
      }
      if (result.hasException()) {
        // Results abandoned with their region must not leave cells in the block for the next region's results.
        call.truncateResponseCells(cellMark);
      }
      response.addRegionActionResult(result);
    }
    // HBase always adds the regions' load statistics, empty unless hbase.region.stats.enabled; Basalt keeps none.
    return response.setRegionStatistics(MultiRegionLoadStats.getDefaultInstance()).build();
  }

  private RegionActionResult conditioned(CallContext call, RegionAction regionAction, List<List<Cell>> cells,
      Condition condition, long nonceGroup) {
    try {
      Region region = regions.resolve(regionAction.getRegion());
      Batch batch = mutationsOf(regionAction, cells);
      CheckAndMutate checkAndMutate = ProtobufUtil.toCheckAndMutate(condition, batch.mutations());
      DataPermissions.checkConditional(call.permissions(), region.info().getTable(), region.families(),
          checkAndMutate);
      long start = System.nanoTime();
      CheckAndMutateResult outcome = region.checkAndMutate(checkAndMutate, nonceGroup, batch.nonce(),
          call.waiting());
      metrics.checkAndMutate(region.info(), start, checkAndMutate, outcome.isSuccess());
      RegionActionResult.Builder result = RegionActionResult.newBuilder().setProcessed(outcome.isSuccess());
      for (int i = 0; i < regionAction.getActionCount(); i++) {
        ResultOrException.Builder entry = ResultOrException.newBuilder().setIndex(i);
        if (i == 0 && outcome.getResult() != null) {
          entry.setResult(ResultEncoder.encode(outcome.getResult(), call));
        }
        result.addResultOrException(entry);
      }
      return result.build();
    } catch (IOException e) {
      return regionFailure(e);
    } catch (IllegalArgumentException e) {
      return regionFailure(invalid(e));
    }
  }

  private RegionActionResult atomic(CallContext call, RegionAction regionAction, List<List<Cell>> cells,
      long nonceGroup) {
    try {
      Region region = regions.resolve(regionAction.getRegion());
      Batch batch = mutationsOf(regionAction, cells);
      for (Mutation mutation : batch.mutations()) {
        DataPermissions.checkWrite(call.permissions(), region.info().getTable(), region.families(), mutation);
      }
      long start = System.nanoTime();
      Result merged = region.mutateRow(batch.mutations(), nonceGroup, batch.nonce(), call.waiting());
      metrics.mutationBatch(region.info(), start, batch.mutations());
      RegionActionResult.Builder result = RegionActionResult.newBuilder().setProcessed(true);
      for (int i = 0; i < regionAction.getActionCount(); i++) {
        ResultOrException.Builder entry = ResultOrException.newBuilder().setIndex(i);
        entry.setResult(i == 0 && merged != null ? ResultEncoder.encode(merged, call)
            : ClientProtos.Result.getDefaultInstance());
        result.addResultOrException(entry);
      }
      return result.build();
    } catch (IOException e) {
      return regionFailure(e);
    } catch (IllegalArgumentException e) {
      return regionFailure(invalid(e));
    }
  }

  private RegionActionResult plain(CallContext call, RegionAction regionAction, List<List<Cell>> cells,
      long nonceGroup) {
    Region region;
    try {
      region = regions.resolve(regionAction.getRegion());
    } catch (IOException e) {
      return regionFailure(e);
    }
    TableName table = region.info().getTable();
    List<ResultOrException> results = new ArrayList<>(regionAction.getActionCount());
    Gathered gathered = new Gathered(region, nonceGroup, call.waiting(), metrics);
    try {
      for (int position = 0; position < regionAction.getActionCount(); position++) {
        Action action = regionAction.getAction(position);
        int index = action.hasIndex() ? action.getIndex() : position;
        results.add(null);
        try {
          if (action.hasGet()) {
            if (action.getGet().getClosestRowBefore()) {
              throw new UnknownProtocolException("closest_row_before was removed in HBase 2.0");
            }
            Get get = ProtobufUtil.toGet(action.getGet());
            DataPermissions.checkGet(call.permissions(), table, region.families(), get);
            long start = System.nanoTime();
            Result result = region.get(get, call.waiting());
            metrics.get(region.info(), start, get.getRow(), result);
            metrics.rowsRead(region.info(), 1);
            results.set(position, ResultOrException.newBuilder().setIndex(index)
                .setResult(ResultEncoder.encode(get, result, call)).build());
          } else if (action.hasMutation()) {
            MutationProto proto = action.getMutation();
            Mutation mutation = Mutations.fromProto(proto, CellUtil.createCellScanner(cells.get(position)));
            long nonce = proto.hasNonce() ? proto.getNonce() : HConstants.NO_NONCE;
            if (mutation instanceof Increment || mutation instanceof Append) {
              gathered.apply(results, call);
              DataPermissions.checkWrite(call.permissions(), table, region.families(), mutation);
              long start = System.nanoTime();
              Result result = region.mutate(mutation, nonceGroup, nonce, call.waiting());
              metrics.mutation(region.info(), start, mutation);
              results.set(position, ResultOrException.newBuilder().setIndex(index)
                  .setResult(ResultEncoder.encode(result, call)).build());
            } else {
              gathered.add(position, index, new NoncedMutation(mutation, nonce));
              // One refused mutation fails every Put and Delete applied with it, as HBase's batch does.
              DataPermissions.checkWrite(call.permissions(), table, region.families(), mutation);
            }
          } else if (action.hasServiceCall()) {
            throw new UnknownProtocolException("coprocessor endpoint "
                + action.getServiceCall().getServiceName() + " is not available on Basalt");
          } else {
            throw new DoNotRetryIOException("action " + index + " has neither a Get nor a mutation");
          }
        } catch (NotServingRegionException e) {
          throw e;
        } catch (AccessDeniedException e) {
          if (!gathered.refuseIfLast(position, e)) {
            results.set(position, ResponseConverter.buildActionResult(e).setIndex(index).build());
          }
        } catch (IOException e) {
          results.set(position, ResponseConverter.buildActionResult(e).setIndex(index).build());
        } catch (IllegalArgumentException e) {
          results.set(position, ResponseConverter.buildActionResult(invalid(e)).setIndex(index).build());
        }
      }
      gathered.apply(results, call);
    } catch (NotServingRegionException e) {
      // The region stopped serving part-way: the client retries every action of it after relocating.
      return regionFailure(e);
    }
    return RegionActionResult.newBuilder().addAllResultOrException(results).build();
  }

  /** The mutations of an atomic or conditioned region action, and the nonce of its last counter mutation. */
  private record Batch(List<Mutation> mutations, long nonce) {}

  private static Batch mutationsOf(RegionAction regionAction, List<List<Cell>> cells) throws IOException {
    List<Mutation> mutations = new ArrayList<>();
    long nonce = HConstants.NO_NONCE;
    for (int i = 0; i < regionAction.getActionCount(); i++) {
      Action action = regionAction.getAction(i);
      if (!action.hasMutation()) {
        throw Mutations.getInAtomicAction();
      }
      MutationProto proto = action.getMutation();
      if (proto.hasNonce()) {
        nonce = proto.getNonce();
      }
      mutations.add(Mutations.fromProto(proto, CellUtil.createCellScanner(cells.get(i))));
    }
    return new Batch(mutations, nonce);
  }

  /**
   * An action HBase's own converters refuse (a row longer than 32767 bytes, say) fails alone, for good, instead of
   * taking the whole batch down with it.
   */
  private static DoNotRetryIOException invalid(IllegalArgumentException e) {
    return new DoNotRetryIOException(e.getMessage(), e);
  }

  private static RegionActionResult regionFailure(IOException e) {
    return RegionActionResult.newBuilder().setException(ResponseConverter.buildException(e)).build();
  }

  /** Removes exactly the cells that belong to each action of a region action from the shared cell block. */
  private static List<List<Cell>> takeCells(RegionAction regionAction, CellScanner cells) throws IOException {
    List<List<Cell>> byAction = new ArrayList<>(regionAction.getActionCount());
    for (Action action : regionAction.getActionList()) {
      int count = action.hasMutation() ? action.getMutation().getAssociatedCellCount() : 0;
      List<Cell> taken = new ArrayList<>(count);
      for (int i = 0; i < count; i++) {
        if (cells == null || !cells.advance()) {
          throw new DoNotRetryIOException("the request cell block ended before action "
              + action.getIndex() + " got its " + count + " cells");
        }
        taken.add(cells.current());
      }
      byAction.add(taken);
    }
    return byAction;
  }

  /** Puts and Deletes of a plain region action gathered until an Increment, an Append or the end. */
  private static final class Gathered {
    private final Region region;
    private final long nonceGroup;
    private final Waiting waiting;
    private final RequestMetrics metrics;
    private final List<NoncedMutation> mutations = new ArrayList<>();
    private final List<int[]> slots = new ArrayList<>();
    private IOException refused;

    Gathered(Region region, long nonceGroup, Waiting waiting, RequestMetrics metrics) {
      this.region = region;
      this.nonceGroup = nonceGroup;
      this.waiting = waiting;
      this.metrics = metrics;
    }

    void add(int position, int index, NoncedMutation mutation) {
      mutations.add(mutation);
      slots.add(new int[] {position, index});
    }

    /**
     * Refuses the whole batch when the mutation refused is the one just gathered: all of them fail with its
     * refusal and none is applied. Returns whether it was.
     */
    boolean refuseIfLast(int position, AccessDeniedException refusal) {
      if (slots.isEmpty() || slots.get(slots.size() - 1)[0] != position) {
        return false;
      }
      if (refused == null) {
        refused = refusal;
      }
      return true;
    }

    void apply(List<ResultOrException> results, CallContext call) throws NotServingRegionException {
      if (mutations.isEmpty()) {
        return;
      }
      List<MutationOutcome> outcomes;
      try {
        if (refused != null) {
          throw refused;
        }
        long start = System.nanoTime();
        outcomes = region.mutateBatch(mutations, nonceGroup, waiting);
        metrics.mutationBatch(region.info(), start, mutations.stream().map(NoncedMutation::mutation).toList());
      } catch (NotServingRegionException e) {
        throw e;
      } catch (IOException e) {
        outcomes = new ArrayList<>();
        for (int i = 0; i < mutations.size(); i++) {
          outcomes.add(new MutationOutcome(null, e));
        }
      }
      for (int i = 0; i < slots.size(); i++) {
        int[] slot = slots.get(i);
        MutationOutcome outcome = outcomes.get(i);
        results.set(slot[0], outcome.error() == null
            ? ResultOrException.newBuilder().setIndex(slot[1]).setResult(EMPTY_RESULT).build()
            : ResponseConverter.buildActionResult(outcome.error()).setIndex(slot[1]).build());
      }
      mutations.clear();
      slots.clear();
      refused = null;
    }
  }
}
