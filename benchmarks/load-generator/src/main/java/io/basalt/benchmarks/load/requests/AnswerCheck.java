package io.basalt.benchmarks.load.requests;

import io.basalt.benchmarks.load.table.LoadTable;
import io.basalt.benchmarks.load.wire.Answer;
import io.basalt.benchmarks.load.wire.EncodedRequest;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Arrays;
import org.apache.hadoop.hbase.CellScanner;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.codec.KeyValueCodec;
import org.apache.hadoop.hbase.shaded.protobuf.ProtobufUtil;
import org.apache.hadoop.hbase.shaded.protobuf.ResponseConverter;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * What a checked run makes of each answer: decoded with hbase-client's own converters and codec, as a stock client
 * decodes it, and compared with the rows the call asked for. The same checks pass against real HBase, which is what
 * makes the load the same load on both servers.
 */
public final class AnswerCheck {
  private AnswerCheck() {}

  /** What is wrong with {@code answer} to {@code request}, or null if it is right. */
  public static String problem(Operation operation, EncodedRequest request, Answer answer) throws IOException {
    if (answer.exception() != null) {
      return answer.exception().getExceptionClassName() + ": " + firstLine(answer.exception().getStackTrace());
    }
    CellScanner cells = new KeyValueCodec().getDecoder(new ByteArrayInputStream(answer.cellBlock()));
    return switch (operation) {
      case GET -> {
        ClientProtos.GetResponse response = answer.message(ClientProtos.GetResponse.parser());
        yield rowProblem(ProtobufUtil.toResult(response.getResult(), cells), (Integer) request.payload());
      }
      case SCAN100 -> scanProblem(answer.message(ClientProtos.ScanResponse.parser()), cells,
          (Integer) request.payload());
      case MULTIGET100 -> multiGetProblem(answer.message(ClientProtos.MultiResponse.parser()), cells,
          (int[]) request.payload());
      case MULTIPUT100 -> multiPutProblem(answer.message(ClientProtos.MultiResponse.parser()),
          (Integer) request.payload());
      case INCREMENT -> {
        Result result = ProtobufUtil.toResult(answer.message(ClientProtos.MutateResponse.parser()).getResult(),
            cells);
        byte[] counter = result.getValue(LoadTable.FAMILY, LoadTable.COUNTER);
        yield counter != null && counter.length == Long.BYTES && Bytes.toLong(counter) > 0 ? null
            : "an increment answered " + result;
      }
      case CHECKANDPUT -> answer.message(ClientProtos.MutateResponse.parser()).getProcessed() ? null
          : "a check of a row's own value failed";
      case PUT -> {
        answer.message(ClientProtos.MutateResponse.parser());
        yield null;
      }
    };
  }

  private static String rowProblem(Result result, int row) {
    byte[] value = result.getValue(LoadTable.FAMILY, LoadTable.QUALIFIER);
    if (!Arrays.equals(result.getRow(), LoadTable.row(row)) || result.size() != 1
        || !Arrays.equals(value, LoadTable.value(row))) {
      return "row " + row + " read as " + result;
    }
    return null;
  }

  private static String scanProblem(ClientProtos.ScanResponse response, CellScanner cells, int first)
      throws IOException {
    Result[] results = ResponseConverter.getResults(cells, response);
    if (results.length != RequestEncoder.SCAN_ROWS) {
      return "a scan from row " + first + " read " + results.length + " rows";
    }
    for (int i = 0; i < results.length; i++) {
      String problem = rowProblem(results[i], first + i);
      if (problem != null) {
        return "a scan from row " + first + ": " + problem;
      }
    }
    if (response.getMoreResults() && response.getMoreResultsInRegion()) {
      return "a scan's server-side scanner stayed open after its row limit";
    }
    return null;
  }

  private static String multiGetProblem(ClientProtos.MultiResponse response, CellScanner cells, int[] rows)
      throws IOException {
    int index = 0;
    for (ClientProtos.RegionActionResult regionResult : response.getRegionActionResultList()) {
      if (regionResult.hasException()) {
        return "a region's gets failed: " + regionResult.getException();
      }
      for (ClientProtos.ResultOrException result : regionResult.getResultOrExceptionList()) {
        if (result.hasException() || index >= rows.length) {
          return "a get of a batch failed: " + result;
        }
        String problem = rowProblem(ProtobufUtil.toResult(result.getResult(), cells), rows[result.getIndex()]);
        if (problem != null) {
          return problem;
        }
        index++;
      }
    }
    return index == rows.length ? null : "a batch of " + rows.length + " gets had " + index + " answers";
  }

  private static String multiPutProblem(ClientProtos.MultiResponse response, int puts) {
    int answered = 0;
    for (ClientProtos.RegionActionResult regionResult : response.getRegionActionResultList()) {
      if (regionResult.hasException()) {
        return "a region's puts failed: " + regionResult.getException();
      }
      for (ClientProtos.ResultOrException result : regionResult.getResultOrExceptionList()) {
        if (result.hasException()) {
          return "a put of a batch failed: " + result.getException();
        }
        answered++;
      }
    }
    return answered == puts ? null : "a batch of " + puts + " puts had " + answered + " answers";
  }

  private static String firstLine(String text) {
    int end = text.indexOf('\n');
    return end < 0 ? text : text.substring(0, end);
  }
}
