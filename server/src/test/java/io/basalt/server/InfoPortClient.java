package io.basalt.server;

import java.io.IOException;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/** Requests to a server's info port as a browser or a script sends them, and as neither would (malformed ones). */
final class InfoPortClient {
  private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
  private final int port;

  InfoPortClient(int port) {
    this.port = port;
  }

  HttpResponse<String> get(String pathAndQuery) throws IOException, InterruptedException {
    return send(request(pathAndQuery).GET().build());
  }

  HttpResponse<String> send(HttpRequest request) throws IOException, InterruptedException {
    return client.send(request, HttpResponse.BodyHandlers.ofString());
  }

  HttpRequest.Builder request(String pathAndQuery) {
    return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + pathAndQuery))
        .timeout(Duration.ofSeconds(60));
  }

  /** A GET sent as is (HttpClient refuses malformed escapes): the whole answer, head and body. */
  String raw(String pathAndQuery) throws IOException {
    try (Socket socket = new Socket("127.0.0.1", port)) {
      socket.setSoTimeout(60_000);
      socket.getOutputStream().write(("GET " + pathAndQuery + " HTTP/1.1\r\nHost: x\r\n\r\n")
          .getBytes(StandardCharsets.US_ASCII));
      return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
