package io.basalt.hbase.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.basalt.hbase.rpc.CallContext;
import io.basalt.hbase.security.RequestUser;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellScannable;
import org.apache.hadoop.hbase.CellScanner;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.client.Action;
import org.apache.hadoop.hbase.client.Append;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Row;
import org.apache.hadoop.hbase.shaded.protobuf.ProtobufUtil;
import org.apache.hadoop.hbase.shaded.protobuf.RequestConverter;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.MultiRequest;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.MultiResponse;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.MutationProto;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.RegionAction;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.RegionActionResult;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.ResultOrException;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos;

/**
 * A Multi call as the stock client makes one: region actions built by {@link RequestConverter} from the client's
 * operations, numbered by their place in the client's list, with every mutation's cells in one cell block; and the
 * answer read back as the client reads it, each result taking its cells off the response block in turn.
 */
final class MultiCall {
  static final long NONCE_GROUP = 77;

  private final MultiRequest.Builder request = MultiRequest.newBuilder();
  private final List<CellScannable> cells = new ArrayList<>();
  private final Map<Integer, Integer> indexMap = new HashMap<>();
  private int nextIndex;

  /**
   * Adds the client's next operations, all for one region: Gets and mutations go in one region action, each
   * RowMutations and CheckAndMutate in one of its own after it. An Increment or Append gets a nonce of 1000 plus
   * its index.
   */
  MultiCall on(byte[] regionName, Row... rows) throws IOException {
    List<Action> actions = new ArrayList<>();
    for (Row row : rows) {
      Action action = new Action(row, nextIndex++);
      if (row instanceof Increment || row instanceof Append) {
        action.setNonce(1000 + action.getOriginalIndex());
      }
      actions.add(action);
    }
    RequestConverter.buildNoDataRegionActions(regionName, actions, cells, request, RegionAction.newBuilder(),
        ClientProtos.Action.newBuilder(), MutationProto.newBuilder(), NONCE_GROUP, indexMap);
    return this;
  }

  /** Adds a region action built by hand; it carries no cells. */
  MultiCall on(RegionAction regionAction) {
    request.addRegionAction(regionAction);
    return this;
  }

  MultiRequest request() {
    return request.build();
  }

  /** The request's cell block: every mutation's cells, in the order of the actions that carry them. */
  List<Cell> cells() throws IOException {
    List<Cell> block = new ArrayList<>();
    for (CellScannable scannable : cells) {
      CellScanner scanner = scannable.cellScanner();
      while (scanner.advance()) {
        block.add(scanner.current());
      }
    }
    return block;
  }

  /** Runs the call, with a cell block both ways, and reads the answer. */
  Answer run(MultiHandler handler) throws IOException {
    return run(handler, request());
  }

  /** Runs {@code multi} (this call's request or one made from it) with this call's cells. */
  Answer run(MultiHandler handler, MultiRequest multi) throws IOException {
    CallContext call = new CallContext(cells(), true, RequestUser.simple("test"), 0);
    MultiResponse response = handler.multi(call, multi);
    assertEquals(multi.getRegionActionCount(), response.getRegionActionResultCount());
    return new Answer(response, call.responseCells());
  }

  /** The answer to a call: per region action its failure or its results, decoded in the client's order. */
  static final class Answer {
    private final MultiResponse response;
    private final List<List<Object>> regions = new ArrayList<>();

    Answer(MultiResponse response, List<Cell> responseCells) throws IOException {
      this.response = response;
      CellScanner block = CellUtil.createCellScanner(responseCells);
      for (RegionActionResult region : response.getRegionActionResultList()) {
        List<Object> results = new ArrayList<>();
        for (ResultOrException entry : region.getResultOrExceptionList()) {
          if (entry.hasException()) {
            results.add(ProtobufUtil.toException(entry.getException()));
          } else {
            results.add(ProtobufUtil.toResult(entry.getResult(), block));
          }
        }
        regions.add(results);
      }
      assertFalse(block.advance(), "a response cell no result took");
    }

    MultiResponse response() {
      return response;
    }

    RegionActionResult region(int regionAction) {
      return response.getRegionActionResult(regionAction);
    }

    /** The exception that failed a whole region action, or null. */
    Throwable regionFailure(int regionAction) throws IOException {
      RegionActionResult region = region(regionAction);
      return region.hasException() ? ProtobufUtil.toException(region.getException()) : null;
    }

    /** The index the {@code position}-th answer of a region action says it is for. */
    int index(int regionAction, int position) {
      return region(regionAction).getResultOrException(position).getIndex();
    }

    Result result(int regionAction, int position) {
      return (Result) regions.get(regionAction).get(position);
    }

    Throwable error(int regionAction, int position) {
      return (Throwable) regions.get(regionAction).get(position);
    }
  }
}
