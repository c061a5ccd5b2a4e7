package io.basalt.conformance.gateways;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/** What thrift2_client.py printed for a scenario: each call with its result or its error, in order. */
record ThriftCalls(List<JsonNode> calls) {
  /** The results of every call of this name, in order; fails if one of them raised an error. */
  List<JsonNode> results(String call) {
    List<JsonNode> results = new ArrayList<>();
    for (JsonNode node : named(call)) {
      if (node.has("error")) {
        throw new AssertionError(call + " failed: " + node);
      }
      results.add(node.get("result"));
    }
    return results;
  }

  /** The result of the only call of this name. */
  JsonNode result(String call) {
    List<JsonNode> results = results(call);
    if (results.size() != 1) {
      throw new AssertionError("expected one call " + call + " in " + calls);
    }
    return results.get(0);
  }

  /** The error the only call of this name raised: its type, message and canRetry. */
  JsonNode error(String call) {
    List<JsonNode> named = named(call);
    if (named.size() != 1 || !named.get(0).has("error")) {
      throw new AssertionError("expected one failed call " + call + " in " + calls);
    }
    return named.get(0).get("error");
  }

  /** The cells of a result as thrift2_client.py writes them: {@code family:qualifier@timestamp=value}. */
  static List<String> cells(JsonNode result) {
    List<String> cells = new ArrayList<>();
    result.get("cells").forEach(cell -> cells.add(cell.asText()));
    return cells;
  }

  /** The transcript: one line per call, to compare two servers' answers. */
  List<String> transcript() {
    return calls.stream().map(JsonNode::toString).toList();
  }

  private List<JsonNode> named(String call) {
    return calls.stream().filter(node -> node.get("call").asText().equals(call)).toList();
  }
}
