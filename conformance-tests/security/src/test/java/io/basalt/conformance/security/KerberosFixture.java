package io.basalt.conformance.security;

import io.basalt.conformance.harness.BasaltProcess;
import io.basalt.conformance.kerberos.TestKdc;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.security.UserGroupInformation;

/**
 * What most Kerberos tests start from: a KDC, the server principal's keytab, alice logged in from hers, and a
 * server with Kerberos authentication (protection {@code authentication}) and every decision audited, that can be
 * restarted on its data.
 */
final class KerberosFixture implements AutoCloseable {
  private final Path dir;
  private final String name;
  private final TestKdc kdc;
  private final Path serverKeytab;
  private final UserGroupInformation alice;
  private BasaltProcess basalt;

  private KerberosFixture(Path dir, String name, TestKdc kdc) throws Exception {
    this.dir = dir;
    this.name = name;
    this.kdc = kdc;
    this.serverKeytab = kdc.keytab("hbase/localhost");
    this.alice = TestKdc.login("alice", kdc.keytab("alice"));
    this.basalt = TlsServers.start(dir, name, site(), kdc.jvmOptions());
  }

  static KerberosFixture start(Path dir, String name) throws Exception {
    TestKdc kdc = TestKdc.start(dir.resolve("kdc"));
    try {
      return new KerberosFixture(dir, name, kdc);
    } catch (Exception e) {
      kdc.close();
      throw e;
    }
  }

  TestKdc kdc() {
    return kdc;
  }

  Path serverKeytab() {
    return serverKeytab;
  }

  UserGroupInformation alice() {
    return alice;
  }

  BasaltProcess basalt() {
    return basalt;
  }

  /** Stops the server and starts it again on the same data and settings. */
  BasaltProcess restart() throws IOException {
    Path data = basalt.dataDir();
    basalt.close();
    basalt = TlsServers.startOn(data, dir, name, site(), kdc.jvmOptions());
    return basalt;
  }

  /** The server's audit log file being written: every authentication decision goes there. */
  Path auditLog() {
    return basalt.dataDir().resolve("audit").resolve("audit.log.0");
  }

  private Map<String, String> site() {
    Map<String, String> site = new HashMap<>(KerberosSites.server(serverKeytab, "authentication"));
    site.put("basalt.audit.log", "all");
    return site;
  }

  @Override
  public void close() throws Exception {
    try {
      basalt.close();
    } finally {
      kdc.close();
    }
  }
}
