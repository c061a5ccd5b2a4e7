package io.basalt.hbase.service;

import io.basalt.hbase.region.Region;
import io.basalt.hbase.rpc.CallContext;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellScanner;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.NotServingRegionException;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.exceptions.UnknownProtocolException;
import org.apache.hadoop.hbase.shaded.protobuf.ProtobufUtil;
import org.apache.hadoop.hbase.shaded.protobuf.ResponseConverter;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.Action;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.MultiRequest;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.MultiResponse;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.MutationProto;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.RegionAction;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.RegionActionResult;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.ResultOrException;

/**
 * ClientService.Multi: batches of Gets and mutations grouped by region. Answers one RegionActionResult per
 * RegionAction and one ResultOrException per Action, in request order. Mutation cells arrive in one shared cell
 * block in action order, so every action's cells are taken off the block exactly once, even when the action or
 * its whole region fails, to keep the following actions aligned.
 */
final class MultiHandler {
  private static final ClientProtos.Result EMPTY_RESULT = ProtobufUtil.toResult(Result.EMPTY_RESULT);

  private final RegionResolver regions;

  MultiHandler(RegionResolver regions) {
    this.regions = regions;
  }

  MultiResponse multi(CallContext call, MultiRequest request) throws IOException {
    CellScanner cells = call.requestCells();
    MultiResponse.Builder response = MultiResponse.newBuilder();
    for (RegionAction regionAction : request.getRegionActionList()) {
      response.addRegionActionResult(regionAction(call, regionAction, cells));
    }
    return response.build();
  }

  private RegionActionResult regionAction(CallContext call, RegionAction regionAction, CellScanner cells)
      throws IOException {
    List<List<Cell>> actionCells = new ArrayList<>(regionAction.getActionCount());
    for (Action action : regionAction.getActionList()) {
      actionCells.add(takeCells(action, cells));
    }
    try {
      Region region = regions.resolve(regionAction.getRegion());
      if (regionAction.getAtomic() || regionAction.hasCondition()) {
        throw new DoNotRetryIOException("atomic row mutations and checkAndMutate are not supported by Basalt yet");
      }
      return RegionActionResult.newBuilder()
          .addAllResultOrException(actions(call, region, regionAction, actionCells))
          .build();
    } catch (IOException e) {
      // A region-level failure: the client retries every action of this region after relocating it.
      return RegionActionResult.newBuilder().setException(ResponseConverter.buildException(e)).build();
    }
  }

  /**
   * Runs the actions in order, one result per action.
   *
   * @throws NotServingRegionException when the region stopped serving, which fails the whole region action
   */
  private List<ResultOrException> actions(CallContext call, Region region, RegionAction regionAction,
      List<List<Cell>> actionCells) throws NotServingRegionException {
    List<ResultOrException> results = new ArrayList<>(regionAction.getActionCount());
    PendingMutations pending = new PendingMutations(region);
    for (int position = 0; position < regionAction.getActionCount(); position++) {
      Action action = regionAction.getAction(position);
      int index = action.hasIndex() ? action.getIndex() : position;
      results.add(null);
      try {
        if (action.hasGet()) {
          // A Get sees the mutations that precede it in the batch.
          pending.apply(results);
          Result result = region.get(ProtobufUtil.toGet(action.getGet()));
          results.set(position, ResultOrException.newBuilder().setIndex(index)
              .setResult(ResultEncoder.encode(result, call)).build());
        } else if (action.hasMutation()) {
          pending.add(position, index, toMutation(action.getMutation(), actionCells.get(position)));
        } else if (action.hasServiceCall()) {
          throw new UnknownProtocolException("coprocessor endpoint "
              + action.getServiceCall().getServiceName() + " is not available on Basalt");
        } else {
          throw new DoNotRetryIOException("action " + index + " has neither a Get nor a mutation");
        }
      } catch (NotServingRegionException e) {
        throw e;
      } catch (IOException e) {
        results.set(position, ResponseConverter.buildActionResult(e).setIndex(index).build());
      }
    }
    pending.apply(results);
    return results;
  }

  private static Mutation toMutation(MutationProto proto, List<Cell> cells) throws IOException {
    CellScanner scanner = CellUtil.createCellScanner(cells);
    return switch (proto.getMutateType()) {
      case PUT -> ProtobufUtil.toPut(proto, scanner);
      case DELETE -> ProtobufUtil.toDelete(proto, scanner);
      default -> throw new DoNotRetryIOException(proto.getMutateType() + " is not supported by Basalt yet");
    };
  }

  /** Removes exactly the cells that belong to one action from the shared cell block. */
  private static List<Cell> takeCells(Action action, CellScanner cells) throws IOException {
    int count = action.hasMutation() ? action.getMutation().getAssociatedCellCount() : 0;
    List<Cell> taken = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      if (cells == null || !cells.advance()) {
        throw new DoNotRetryIOException("the request cell block ended before action "
            + action.getIndex() + " got its " + count + " cells");
      }
      taken.add(cells.current());
    }
    return taken;
  }

  /** Consecutive mutations of one region action, applied together as one write. */
  private static final class PendingMutations {
    private final Region region;
    private final List<Mutation> mutations = new ArrayList<>();
    private final List<int[]> slots = new ArrayList<>();

    PendingMutations(Region region) {
      this.region = region;
    }

    void add(int position, int index, Mutation mutation) {
      mutations.add(mutation);
      slots.add(new int[] {position, index});
    }

    void apply(List<ResultOrException> results) throws NotServingRegionException {
      if (mutations.isEmpty()) {
        return;
      }
      List<IOException> outcomes;
      try {
        outcomes = region.mutateBatch(mutations);
      } catch (NotServingRegionException e) {
        throw e;
      } catch (IOException e) {
        outcomes = new ArrayList<>();
        for (int i = 0; i < mutations.size(); i++) {
          outcomes.add(e);
        }
      }
      for (int i = 0; i < slots.size(); i++) {
        int[] slot = slots.get(i);
        IOException failure = outcomes.get(i);
        results.set(slot[0], failure == null
            ? ResultOrException.newBuilder().setIndex(slot[1]).setResult(EMPTY_RESULT).build()
            : ResponseConverter.buildActionResult(failure).setIndex(slot[1]).build());
      }
      mutations.clear();
      slots.clear();
    }
  }
}
