package io.basalt.conformance.gateways;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Requests to one REST gateway through {@link Curl}, each with what came back written down in the transcript: the
 * request, the status, the content type and the body (JSON as parsed, protobuf in base64). Two servers given the
 * same requests must give the same transcript; what legitimately differs between two runs (a scanner's id, a
 * region's id, the gateway's own address) is written as a placeholder, and of the stack trace HBase's REST server
 * puts in an error's answer only the exceptions and their messages are kept: the frames are each server's own code.
 */
final class RestSession {
  private final Curl curl;
  private final String address;
  private final List<String> transcript = new ArrayList<>();

  RestSession(Curl curl, String address) {
    this.curl = curl;
    this.address = address;
  }

  Curl.Response get(String path, String accept) throws IOException, InterruptedException {
    return send("GET", path, accept, null, null);
  }

  Curl.Response put(String path, String contentType, byte[] body) throws IOException, InterruptedException {
    return send("PUT", path, null, contentType, body);
  }

  Curl.Response post(String path, String contentType, byte[] body) throws IOException, InterruptedException {
    return send("POST", path, null, contentType, body);
  }

  Curl.Response delete(String path) throws IOException, InterruptedException {
    return send("DELETE", path, null, null, null);
  }

  /** A request whose answer depends on the server's other tables or its address: left out of the transcript. */
  Curl.Response getUnrecorded(String path, String accept) throws IOException, InterruptedException {
    return curl.send("GET", path, accept, null, null);
  }

  private Curl.Response send(String method, String path, String accept, String contentType, byte[] body)
      throws IOException, InterruptedException {
    Curl.Response response = curl.send(method, path, accept, contentType, body);
    transcript.add(method + " " + placeholders(path) + (accept == null ? "" : " accepting " + accept)
        + (contentType == null ? "" : " sending " + contentType) + " -> " + response.status()
        + (response.contentType() == null ? "" : " " + response.contentType())
        + (response.location() == null ? "" : " at " + placeholders(response.location()))
        + (response.body().length == 0 ? "" : ": " + placeholders(bodyText(response))));
    return response;
  }

  private String placeholders(String text) {
    return text.replace("http://" + address, "{gateway}").replaceAll("/scanner/[^/?]+", "/scanner/{id}")
        .replaceAll(",[0-9]{10,}\\.[0-9a-f]{32}\\.", ",{region id}.");
  }

  private static String bodyText(Curl.Response response) throws IOException {
    String type = response.contentType() == null ? "" : response.contentType();
    if (type.startsWith(CellSetJson.TYPE)) {
      JsonNode tree = CellSetJson.tree(response.body());
      return tree.toString();
    }
    if (type.startsWith(RestProtobuf.TYPE) || type.startsWith("application/octet-stream")) {
      return Base64.getEncoder().encodeToString(response.body());
    }
    return new String(response.body(), StandardCharsets.UTF_8).lines()
        .filter(line -> !line.isBlank() && !line.startsWith("\t")).collect(Collectors.joining(" | "));
  }

  List<String> transcript() {
    return List.copyOf(transcript);
  }
}
