package io.basalt.tools.copy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.tools.snapshot.ImportSnapshotCommand;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A cluster nobody answers for is one line naming it, within seconds, not minutes of client retries. */
class UnreachableClusterTest {
  @Test
  void anUnreachableSourceIsAClearError() throws Exception {
    int closedPort;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      closedPort = socket.getLocalPort();
    }
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit = CopyCommand.run(new String[] {"--from", "127.0.0.1:" + closedPort, "--to", "127.0.0.1:" + closedPort,
        "--all"}, new PrintStream(new ByteArrayOutputStream()), new PrintStream(err, true, StandardCharsets.UTF_8));
    String message = err.toString(StandardCharsets.UTF_8);
    assertEquals(CopyCommand.EXIT_FAILED, exit, message);
    assertTrue(message.contains("cannot reach the cluster 127.0.0.1:" + closedPort), message);
  }

  /** The import reaches the cluster while it reads the snapshot; a snapshot it cannot read is still the error. */
  @Test
  void anImportOfNoSnapshotIntoAnUnreachableClusterNamesTheSnapshotFirst() throws Exception {
    int closedPort;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      closedPort = socket.getLocalPort();
    }
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit = ImportSnapshotCommand.run(new String[] {"--snapshot-dir", "/nonexistent/export", "--to",
        "127.0.0.1:" + closedPort}, new PrintStream(new ByteArrayOutputStream()),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    String message = err.toString(StandardCharsets.UTF_8);
    assertEquals(1, exit, message);
    assertEquals("basalt import-snapshot: error: no such directory: /nonexistent/export", message.strip());
  }
}
