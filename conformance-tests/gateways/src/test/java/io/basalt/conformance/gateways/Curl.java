package io.basalt.conformance.gateways;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * HTTP requests made by curl, a real client process outside Java, as a shell script or another language's program
 * would send them to HBase's REST server. Each request is one curl run; its status, headers and body come back.
 */
final class Curl {
  static final Path EXECUTABLE = Path.of("/usr/bin/curl");
  private static final long TIMEOUT_SECONDS = 60;

  private final String base;
  private final Path work;

  /** Requests to {@code http://HOST:PORT}, with curl's files in {@code work}. */
  Curl(String hostAndPort, Path work) {
    this.base = "http://" + hostAndPort;
    this.work = work;
  }

  /** What the server answered. {@code contentType} and {@code location} are null when the answer has none. */
  record Response(int status, String contentType, String location, byte[] body) {
    String text() {
      return new String(body, StandardCharsets.UTF_8);
    }
  }

  /**
   * Sends {@code method path} (path and query, from the first slash) with an Accept header unless {@code accept} is
   * null, and {@code body} as {@code contentType} unless {@code body} is null.
   */
  Response send(String method, String path, String accept, String contentType, byte[] body)
      throws IOException, InterruptedException {
    Path headers = Files.createTempFile(work, "headers", ".txt");
    Path answer = Files.createTempFile(work, "body", ".bin");
    Path errors = Files.createTempFile(work, "curl", ".err");
    Path request = body == null ? null : Files.write(Files.createTempFile(work, "request", ".bin"), body);
    try {
      List<String> command = new ArrayList<>(List.of(EXECUTABLE.toString(), "--silent", "--show-error",
          "--max-time", Long.toString(TIMEOUT_SECONDS), "--request", method, "--dump-header", headers.toString(),
          "--output", answer.toString(), "--write-out", "%{http_code}"));
      if (accept != null) {
        command.addAll(List.of("--header", "Accept: " + accept));
      }
      if (request != null) {
        command.addAll(List.of("--header", "Content-Type: " + contentType, "--data-binary", "@" + request));
      }
      command.add(base + path);
      Process curl = new ProcessBuilder(command).redirectError(errors.toFile()).start();
      String status = new String(curl.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
      if (!curl.waitFor(TIMEOUT_SECONDS + 10, TimeUnit.SECONDS)) {
        curl.destroyForcibly();
        throw new AssertionError("curl " + method + " " + path + " did not finish");
      }
      if (curl.exitValue() != 0) {
        throw new AssertionError("curl " + method + " " + path + " failed with exit status " + curl.exitValue()
            + ": " + Files.readString(errors));
      }
      List<String> headerLines = Files.readAllLines(headers, StandardCharsets.ISO_8859_1);
      return new Response(Integer.parseInt(status), header(headerLines, "content-type"),
          header(headerLines, "location"), Files.readAllBytes(answer));
    } finally {
      for (Path file : new Path[] {headers, answer, errors, request}) {
        if (file != null) {
          Files.deleteIfExists(file);
        }
      }
    }
  }

  private static String header(List<String> lines, String name) {
    for (String line : lines) {
      int colon = line.indexOf(':');
      if (colon > 0 && line.substring(0, colon).trim().toLowerCase(Locale.ROOT).equals(name)) {
        return line.substring(colon + 1).trim();
      }
    }
    return null;
  }
}
