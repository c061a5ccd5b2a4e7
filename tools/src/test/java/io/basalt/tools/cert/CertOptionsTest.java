package io.basalt.tools.cert;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.tools.UsageException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class CertOptionsTest {
  @Test
  void defaults() throws Exception {
    CertOptions options = CertOptions.parse();
    assertEquals(Path.of("tls"), options.dir());
    assertEquals(List.of(), options.hosts());
    assertEquals(List.of("basalt-client"), options.clients());
    assertEquals(365, options.days());
    assertEquals("changeit", options.password());
    assertFalse(options.force());
  }

  @Test
  void readsEveryOption() throws Exception {
    CertOptions options = CertOptions.parse("--dir", "/tmp/x", "--host", "db1.example.com", "--host", "10.1.2.3",
        "--host", "fd00::5", "--client", "alice", "--client", "bob.ops", "--days", "30", "--password", "s3cret",
        "--force");
    assertEquals(Path.of("/tmp/x"), options.dir());
    assertEquals(List.of("db1.example.com", "10.1.2.3", "fd00::5"), options.hosts());
    assertEquals(List.of("alice", "bob.ops"), options.clients());
    assertEquals(30, options.days());
    assertEquals("s3cret", options.password());
    assertTrue(options.force());
  }

  @Test
  void refusesWhatCannotBeRun() {
    assertUsage("unknown option --frobnicate", "--frobnicate");
    assertUsage("--dir needs a value", "--dir");
    assertUsage("--days takes a number from 1 to 36500, not '0'", "--days", "0");
    assertUsage("--days takes a number", "--days", "a week");
    assertUsage("--days takes a number", "--days", "36501");
    assertUsage("--host takes a host name or an IP address, not 'bad host'", "--host", "bad host");
    assertUsage("not '--days'", "--host", "--days", "3");
    assertUsage("would overwrite the server files", "--client", "server");
    assertUsage("would overwrite the CA files", "--client", "CA");
    assertUsage("it names its files", "--client", "../elsewhere");
    assertUsage("named twice", "--client", "a", "--client", "a");
    assertUsage("--password may not be empty", "--password", "");
  }

  private static void assertUsage(String message, String... args) {
    UsageException e = assertThrows(UsageException.class, () -> CertOptions.parse(args));
    assertTrue(e.getMessage().contains(message), e.getMessage());
  }
}
