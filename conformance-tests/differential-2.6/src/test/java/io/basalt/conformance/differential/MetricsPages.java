package io.basalt.conformance.differential;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** Pages of a server's info port ({@code /jmx}, {@code /prometheus}) as text, on loopback. */
final class MetricsPages {
  private static final Duration TIMEOUT = Duration.ofSeconds(10);
  private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();

  private MetricsPages() {}

  /** The body of {@code pathAndQuery}; anything but a 200 is an IOException naming the status. */
  static String get(int port, String pathAndQuery) throws IOException {
    URI uri = URI.create("http://127.0.0.1:" + port + pathAndQuery);
    HttpResponse<String> response;
    try {
      response = CLIENT.send(HttpRequest.newBuilder(uri).timeout(TIMEOUT).GET().build(),
          HttpResponse.BodyHandlers.ofString());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted reading " + uri, e);
    }
    if (response.statusCode() != 200) {
      throw new IOException(uri + " answered " + response.statusCode());
    }
    return response.body();
  }
}
