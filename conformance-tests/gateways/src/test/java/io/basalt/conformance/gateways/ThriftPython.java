package io.basalt.conformance.gateways;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Python 3 as a Thrift2 client: Debian's python3-thrift, and bindings generated once from hbase-thrift's IDL by
 * Debian's thrift compiler, as a Python application would make them. Runs thrift2_client.py (a test resource) for a
 * scenario and hands back what it printed: one JSON object per Thrift call.
 */
final class ThriftPython {
  static final Path PYTHON = Path.of("/usr/bin/python3");
  static final Path COMPILER = Path.of("/usr/bin/thrift");
  /** A file of Debian's python3-thrift: the Python that runs the client must be Debian's, not another on PATH. */
  static final Path LIBRARY = Path.of("/usr/lib/python3/dist-packages/thrift/__init__.py");
  private static final String CLIENT = "thrift2_client.py";
  private static final long TIMEOUT_SECONDS = 120;
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Path directory;

  private ThriftPython(Path directory) {
    this.directory = directory;
  }

  /** Generates the bindings from the IDL into {@code directory}, beside a copy of the client script. */
  static ThriftPython generate(Path idl, Path directory) throws IOException, InterruptedException {
    if (!Files.isRegularFile(idl)) {
      throw new IOException("no Thrift2 IDL at " + idl + "; run the tests through Maven, which unpacks it");
    }
    run(List.of(COMPILER.toString(), "--gen", "py", "-out", directory.toString(), idl.toString()), directory);
    try (InputStream script = ThriftPython.class.getResourceAsStream("/" + CLIENT)) {
      Files.copy(script, directory.resolve(CLIENT));
    }
    return new ThriftPython(directory);
  }

  /** Runs {@code scenario} on {@code table} against the Thrift2 server at {@code host:port}. */
  List<JsonNode> run(String hostAndPort, String table, String scenario) throws IOException, InterruptedException {
    int colon = hostAndPort.lastIndexOf(':');
    String output = run(List.of(PYTHON.toString(), directory.resolve(CLIENT).toString(),
        hostAndPort.substring(0, colon), hostAndPort.substring(colon + 1), table, scenario), directory);
    List<JsonNode> calls = new ArrayList<>();
    for (String line : output.lines().toList()) {
      calls.add(JSON.readTree(line));
    }
    return calls;
  }

  private static String run(List<String> command, Path directory) throws IOException, InterruptedException {
    Path out = Files.createTempFile(directory, "out", ".txt");
    Path err = Files.createTempFile(directory, "err", ".txt");
    try {
      ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile())
          .redirectOutput(out.toFile()).redirectError(err.toFile());
      builder.environment().put("PYTHONPATH", directory.toString());
      Process process = builder.start();
      if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new AssertionError(String.join(" ", command) + " did not finish in " + TIMEOUT_SECONDS + " s");
      }
      if (process.exitValue() != 0) {
        throw new AssertionError(String.join(" ", command) + " failed with exit status " + process.exitValue()
            + ":\n" + Files.readString(out) + Files.readString(err));
      }
      return Files.readString(out, StandardCharsets.UTF_8);
    } finally {
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
    }
  }
}
