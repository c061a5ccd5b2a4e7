package io.basalt.embedded.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.basalt.embedded.EmbeddedBasalt;
import java.io.IOException;
import java.util.HashSet;
import java.util.Set;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Registered on an instance field, the extension gives every test a fresh server of its own. */
class PerTestServerTest {
  private static final Set<String> SERVERS = new HashSet<>();

  @RegisterExtension
  final BasaltExtension basalt =
      new BasaltExtension(builder -> builder.property("hbase.regionserver.handler.count", "4"));

  @RepeatedTest(2)
  void eachTestHasItsOwnEmptyServer(EmbeddedBasalt server) throws IOException {
    SERVERS.add(server.dataDirectory().toString());
    try (Admin admin = server.connection().getAdmin()) {
      assertEquals(0, admin.listTableNames().length);
    }
    // Left behind on purpose: the next repetition must not see it.
    server.createTable(TableName.valueOf("left_behind"), "f").close();
  }

  @AfterAll
  static void twoServersRan() {
    assertEquals(2, SERVERS.size());
  }
}
